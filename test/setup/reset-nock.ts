// Setup of each file of the nock group (test/setup/test-file-groups.ts): the files share
// workers, so what one file left in nock (mocks not used, a net-connect rule) is reset after it.
import nock from "nock";
import { afterAll } from "vitest";

afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});
