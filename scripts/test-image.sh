#!/usr/bin/env bash
# npm run test:image: builds the relay's container image offline and checks what a deployment
# relies on. Not part of `npm test` (it needs root, podman and a few minutes).
#
#   1. The base image `node:24-slim`, made here when podman does not have it yet: a minimal
#      Debian from `debootstrap` (the mirror apt is configured with) plus the Node 24 binary of
#      the `node` devDependency, with the `node` user (uid 1000) that the official image has.
#   2. The relay bundle, built from the source into a scratch build context, then
#      `podman build --pull=never --format docker` with the relay's Dockerfile.
#   3. One container on a journal volume: /healthz and /readyz answer 200, the image's health
#      check passes, the process runs as uid 1000; a second container on the same volume is
#      refused (one process owns a SQLite journal); `podman stop` (SIGTERM) drains and exits 0.
#
# Installs podman, runc and debootstrap with apt-get when they are missing (CI runs as root on
# Debian). Containers, the volume and the scratch folder are removed on every path.
# Environment: TEST_IMAGE_REBUILD_BASE=1 rebuilds node:24-slim even when podman has it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base_tag=node:24-slim
image_tag=localhost/content-review-relay:test-image
run_id=content-review-image-$$
container=$run_id-a
second=$run_id-b
volume=$run_id-data
# The drain budget (RELAY_SHUTDOWN_TIMEOUT_MS' default) is 10 s; podman stop waits longer.
stop_timeout=30
node_bin=$root/node_modules/node/bin/node
scratch=$(mktemp -d "${TMPDIR:-/tmp}/$run_id.XXXXXX")

say() { printf 'test:image: %s\n' "$*"; }
fail() {
  printf 'test:image: FAILED: %s\n' "$*" >&2
  exit 1
}

cleanup() {
  local code=$?
  if command -v podman >/dev/null 2>&1; then
    if [[ $code -ne 0 ]] && podman container exists "$container" 2>/dev/null; then
      say "logs of $container:"
      podman logs "$container" 2>&1 | tail -n 40 || true
    fi
    podman rm --force --ignore --time 0 "$container" "$second" >/dev/null 2>&1 || true
    podman volume rm --force "$volume" >/dev/null 2>&1 || true
  fi
  rm -rf "$scratch"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ensure_tools() {
  local missing=()
  command -v podman >/dev/null 2>&1 || missing+=(podman)
  command -v runc >/dev/null 2>&1 || [[ -x /usr/sbin/runc ]] || missing+=(runc)
  command -v debootstrap >/dev/null 2>&1 || [[ -x /usr/sbin/debootstrap ]] || missing+=(debootstrap)
  [[ ${#missing[@]} -eq 0 ]] && return 0
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
    fail "${missing[*]} missing: install them (as root on Debian: apt-get install ${missing[*]}) and run again"
  fi
  say "installing ${missing[*]} with apt-get"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

# A private containers.conf: runc (Debian's podman may default to crun, which it does not
# install) and explicit ulimits no higher than this host's hard limits (podman's defaults may
# be higher, and runc then cannot set them: "error setting rlimit type 7").
write_containers_conf() {
  local nofile nproc
  nofile=$(ulimit -Hn)
  [[ $nofile == unlimited || $nofile -gt 65536 ]] && nofile=65536
  nproc=$(ulimit -Hu)
  [[ $nproc == unlimited || $nproc -gt 4096 ]] && nproc=4096
  cat >"$scratch/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]

[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF=$scratch/containers.conf
}

# The first Debian mirror apt is configured with (deb822 sources, or a one-line sources.list).
debian_mirror() {
  local mirror
  mirror=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' |
    grep -v -- '-security' | head -n 1 || true)
  if [[ -z $mirror ]]; then
    mirror=$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
      awk '{print $2}' | grep -v -- '-security' | head -n 1 || true)
  fi
  [[ -n $mirror ]] || fail "no Debian mirror in /etc/apt/sources.list or sources.list.d: configure apt first"
  printf '%s\n' "$mirror"
}

build_base_image() {
  if podman image exists "$base_tag" && [[ ${TEST_IMAGE_REBUILD_BASE:-} != 1 ]]; then
    say "base image $base_tag present (TEST_IMAGE_REBUILD_BASE=1 rebuilds it)"
    return 0
  fi
  [[ -x $node_bin ]] || fail "$node_bin missing: run npm ci first (the node devDependency)"
  local suite mirror rootfs=$scratch/rootfs
  suite=$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-bookworm}")
  mirror=$(debian_mirror)
  say "building $base_tag: debootstrap $suite from $mirror"
  debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$scratch/debootstrap.log" 2>&1 ||
    fail "debootstrap failed (its log: $(tail -n 5 "$scratch/debootstrap.log"))"
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  strip --strip-debug "$rootfs/usr/local/bin/node" 2>/dev/null || true
  # As the official image: user and group `node`, uid and gid 1000.
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar --numeric-owner -C "$rootfs" -c . |
    podman import --change 'CMD ["node"]' - "$base_tag" >/dev/null
  local version
  if ! version=$(podman run --rm "$base_tag" node --version); then
    podman rmi --force "$base_tag" >/dev/null 2>&1 || true
    fail "node does not run in $base_tag"
  fi
  say "base image $base_tag built: node $version"
}

# The relay bundle, built from the source (the bundle in dist/ may lag behind it), alone in a
# scratch build context: the image gets what the Dockerfile copies and nothing else.
build_relay_image() {
  local context=$scratch/context entry
  entry=$(cd "$root" && "$node_bin" --input-type=module -e \
    'const { BUNDLES } = await import("./scripts/bundles.ts"); console.log(BUNDLES.find((b) => b.name === "relay").entry)')
  say "bundling $entry"
  "$node_bin" "$root/node_modules/@vercel/ncc/dist/ncc/cli.js" build "$root/$entry" \
    -o "$context/dist/relay" -t -q --license licenses.txt
  say "building $image_tag"
  podman build --pull=never --format docker --quiet -f "$root/$dockerfile" -t "$image_tag" \
    "$context" >/dev/null
}

# Prints the HTTP status of GET url ("000" when nothing answers).
http_status() {
  "$node_bin" -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(3000) }).then(
    (r) => console.log(r.status), () => console.log("000"))' "$1"
}

run_args() {
  printf '%s\n' --volume "$volume:/data" --env "WEBHOOK_SECRETS=$secret" \
    --env "RELAY_TOKEN=$relay_token"
}

check_running_container() {
  podman volume create "$volume" >/dev/null
  mapfile -t args < <(run_args)
  # Without systemd podman cannot time the health check and says so on stderr: kept for a
  # failure only. The check is run by hand below.
  podman run --detach --name "$container" --publish 127.0.0.1::3000 "${args[@]}" "$image_tag" \
    >/dev/null 2>"$scratch/run.err" || fail "podman run failed: $(cat "$scratch/run.err")"
  local port url status
  port=$(podman port "$container" 3000/tcp | head -n 1 | sed 's/.*://')
  url=http://127.0.0.1:$port
  for _ in $(seq 1 60); do
    status=$(http_status "$url/readyz")
    [[ $status == 200 ]] && break
    podman container inspect --format '{{.State.Running}}' "$container" | grep -q true ||
      fail "the relay exited before it was ready"
    sleep 1
  done
  [[ $status == 200 ]] || fail "/readyz answered $status, not 200, within 60 s"
  say "/readyz 200"
  status=$(http_status "$url/healthz")
  [[ $status == 200 ]] || fail "/healthz answered $status, not 200"
  say "/healthz 200"
  podman healthcheck run "$container" >/dev/null || fail "the image's HEALTHCHECK failed"
  say "HEALTHCHECK healthy"
  local user uid
  # Numeric, so that Kubernetes' runAsNonRoot can check it without a runAsUser.
  user=$(podman image inspect --format '{{.Config.User}}' "$image_tag")
  [[ $user == 1000:1000 ]] || fail "the image's USER is \"$user\", not 1000:1000"
  uid=$(podman exec "$container" awk '/^Uid:/ { print $2 }' /proc/1/status)
  [[ $uid == 1000 ]] || fail "the relay runs as uid $uid, not 1000"
  say "runs as uid 1000"
}

check_second_container_refused() {
  local code=0 output
  mapfile -t args < <(run_args)
  output=$(timeout 60 podman run --name "$second" "${args[@]}" "$image_tag" 2>&1) || code=$?
  [[ $code -eq 1 ]] || fail "a second relay on the same journal volume exited $code, not 1: $output"
  grep -q 'in use by another relay process' <<<"$output" ||
    fail "a second relay on the same volume did not say the journal is in use: $output"
  say "a second container on the volume is refused (exit 1, journal in use)"
}

check_sigterm_drains() {
  podman stop --time "$stop_timeout" "$container" >/dev/null 2>"$scratch/stop.err" ||
    fail "podman stop failed: $(cat "$scratch/stop.err")"
  local code
  code=$(podman container inspect --format '{{.State.ExitCode}}' "$container")
  [[ $code == 0 ]] || fail "after podman stop (SIGTERM) the relay exited $code, not 0"
  podman logs "$container" 2>&1 | grep -q 'relay stopped' ||
    fail "after podman stop the relay did not log that it stopped (drained)"
  say "SIGTERM drains and exits 0"
}

dockerfile=relay/Dockerfile
secret=whsec_$(head -c 32 /dev/urandom | base64 | tr -d '\n')
relay_token=$(head -c 24 /dev/urandom | base64 | tr -d '\n/+=')
started=$SECONDS

ensure_tools
write_containers_conf
build_base_image
build_relay_image
check_running_container
check_second_container_refused
check_sigterm_drains
say "passed in $((SECONDS - started)) s"
