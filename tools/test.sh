#!/usr/bin/env bash
# Second command of the README (and what CI runs): install what is missing,
# start a Docker daemon if none runs and build the docker backend's image,
# build the Release and the sanitizer flavours and run the whole test suite
# under both (every fuzz target's seeds and regressions included, as the
# fuzz.* tests), then fuzz every target briefly with the libFuzzer binaries
# of the sanitizer build: MAI_FUZZ_SECONDS each (10; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
# The docker backend's tests need a daemon and the image; without them they
# skip (and say why), so a failure here does not stop the suite.
if tools/start-dockerd.sh; then
  tools/build-docker-image.sh || echo "test.sh: the docker image could not be built; docker tests will skip" >&2
else
  echo "test.sh: no Docker daemon; docker tests will skip" >&2
fi
status=0
failed=() failed_dirs=()
for flavour in release asan; do
  tools/build.sh "$flavour"
  dir=build; [ "$flavour" = asan ] && dir=build-asan
  echo "== tests ($flavour) =="
  # CAF spawns function-based actors through a null reference; ASan's leak
  # checker stays on (with the suppressions of library leaks in
  # tools/lsan-suppressions.txt), UBSan's null check is compiled out
  # (see cmake/Warnings.cmake).
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions=$PWD/tools/lsan-suppressions.txt \
    ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" --timeout 900 || {
      status=1
      failed+=("$flavour: $(tr '\n' ' ' < "$dir/Testing/Temporary/LastTestsFailed.log" 2>/dev/null)")
      failed_dirs+=("$dir")
    }
done
# A few seconds of fuzzing per target: a finding fails the run.
if [ "${MAI_FUZZ_SECONDS:-10}" -gt 0 ]; then
  echo "== fuzz (${MAI_FUZZ_SECONDS:-10} s per target) =="
  tools/fuzz.sh all "${MAI_FUZZ_SECONDS:-10}" || status=1
fi
# The end of the output names what failed (CI shows its tail), with each
# failed test run once more, alone: its output again, and whether it fails
# every time or only beside the others. The run stays failed either way.
for d in "${failed_dirs[@]}"; do
  echo "== the failed tests of $d, once more =="
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions=$PWD/tools/lsan-suppressions.txt \
    ctest --test-dir "$d" --rerun-failed --output-on-failure --timeout 900 || true
done
for f in "${failed[@]}"; do echo "test.sh: failed tests ($f)" >&2; done
exit $status
