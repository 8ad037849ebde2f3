/** The package name and version, for the User-Agent. A test keeps this equal to package.json. */
// @ts-nocheck

export const PACKAGE_NAME = "content-review-toolkit";
export const PACKAGE_VERSION = "0.1.0";
/** Where to learn about the toolkit, e.g. SARIF's `informationUri`. */
export const PACKAGE_HOMEPAGE = `https://www.npmjs.com/package/${PACKAGE_NAME}`;

/** The User-Agent: package, version, caller and runtime. */
export function userAgent(caller: string): string {
  return `${PACKAGE_NAME}/${PACKAGE_VERSION} (${caller}; node ${process.version}; ${process.platform})`;
}
