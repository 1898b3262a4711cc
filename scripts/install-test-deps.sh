#!/usr/bin/env bash
# System packages the tests drive, from Debian's repositories (nothing is downloaded by npm packages):
#  - chromium: the web client's browser tests (packages/client-web/test/e2e.test.ts, playwright-core);
#  - nginx-light: the compose front's routing test (packages/server/test/ops-front.test.ts).
# Installs only what is missing, so it is quick on a machine that already has both.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
# --no-install-recommends keeps nginx from pulling in a service that starts on port 80.
$SUDO apt-get install -y --no-install-recommends "${missing[@]}"
# Debian starts nginx after installing it where an init system runs; the tests start their own.
if pgrep -x nginx >/dev/null 2>&1; then $SUDO nginx -s stop 2>/dev/null || true; fi
/usr/bin/chromium --version || true
