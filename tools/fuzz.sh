#!/usr/bin/env bash
# Runs one libFuzzer harness (tests/fuzz/NAME_fuzz.cpp), or all of them.
#   tools/fuzz.sh list                 the targets
#   tools/fuzz.sh TARGET SECONDS       fuzz TARGET for SECONDS
#   tools/fuzz.sh all SECONDS          every target, SECONDS each
# The fuzzers are part of the sanitizer build (tools/build.sh asan: clang-14,
# ASan and UBSan, in build-asan/). The working corpus (build-asan/corpus/TARGET) starts from
# the checked-in seeds (tests/fuzz/corpus/TARGET) and regressions. A finding
# is kept in build-asan/findings/TARGET/ and the script exits 1: minimise it
# (fuzz_TARGET -minimize_crash=1 FILE), fix the bug, and add the reproducer to
# tests/fuzz/regressions/TARGET/ so that it is a test in every build.
# Prints, per target, the executions per second and in total.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=build-asan

targets() { sed -n 's/^mai_add_fuzzer(\([a-z0-9_]*\) .*/\1/p' tests/fuzz/CMakeLists.txt; }

usage() { echo "usage: tools/fuzz.sh list | TARGET SECONDS | all SECONDS" >&2; exit 2; }
[ $# -ge 1 ] || usage
if [ "$1" = list ]; then targets; exit 0; fi
[ $# -eq 2 ] || usage
what=$1 seconds=$2
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
if [ "$what" = all ]; then
  mapfile -t list < <(targets)
else
  targets | grep -qx "$what" || { echo "fuzz.sh: no target '$what' (tools/fuzz.sh list)" >&2; exit 2; }
  list=("$what")
fi
tools/build.sh asan "${list[@]/#/fuzz_}"

status=0
for t in "${list[@]}"; do
  corpus=$dir/corpus/$t findings=$dir/findings/$t
  mkdir -p "$corpus" "$findings"
  log=$dir/fuzz-$t.log
  seeds=()
  for d in tests/fuzz/corpus/$t tests/fuzz/regressions/$t; do [ -d "$d" ] && seeds+=("$d"); done
  # -rss_limit_mb: a harness that needs more than 2 GiB for one input is a finding too.
  if "$dir/fuzz/fuzz_$t" "$corpus" "${seeds[@]}" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -timeout=10 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1; then
    result=ok
  else
    result="FINDING (see $log and $findings/)"
    status=1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  printf 'fuzz %-22s %8s exec/s %12s executions in %ss: %s\n' "$t" "${rate:-?}" "${runs:-?}" "$seconds" "$result"
done
exit $status
