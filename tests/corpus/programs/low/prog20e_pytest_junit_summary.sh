#!/usr/bin/env bash
# test.sh - fetch pinned test fixtures, run pytest, summarise the JUnit XML.
#   ./test.sh [-k EXPR] [-m MARKERS] [--no-fetch] [--cov]
set -euo pipefail

REPORT_DIR="reports"
FIXTURE_DIR="tests/fixtures"
JUNIT="$REPORT_DIR/junit.xml"
PYTEST_ARGS=()
FETCH=1
COVERAGE=0

# pinned fixture: url and sha256
FIXTURE_URL="https://raw.githubusercontent.com/example-org/geo-fixtures/v1.4.0/cities_small.csv"
FIXTURE_SHA256="9f2c6b1e0d4a7e58c3b21f9a6d0e47c85b3a1f26e9d07c4b8a5f13e62d9c0b7a"
FIXTURE_FILE="$FIXTURE_DIR/cities_small.csv"

c() { [[ -t 1 ]] && printf '\e[%sm' "$1" || true; }
log()  { c 36; printf '[test] '; c 0; echo "$*"; }
fail() { c 31; printf '[test] %s\n' "$*" >&2; c 0; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -k) PYTEST_ARGS+=(-k "$2"); shift 2 ;;
    -m) PYTEST_ARGS+=(-m "$2"); shift 2 ;;
    --no-fetch) FETCH=0; shift ;;
    --cov) COVERAGE=1; shift ;;
    -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
    *) PYTEST_ARGS+=("$1"); shift ;;
  esac
done

fetch_fixture() {
  mkdir -p "$FIXTURE_DIR"
  if [[ -f "$FIXTURE_FILE" ]] && echo "$FIXTURE_SHA256  $FIXTURE_FILE" | sha256sum -c --status; then
    log "fixture up to date"
    return 0
  fi
  log "downloading fixture"
  curl -fsSL --max-time 60 -o "$FIXTURE_FILE.part" "$FIXTURE_URL"
  if echo "$FIXTURE_SHA256  $FIXTURE_FILE.part" | sha256sum -c --status; then
    mv "$FIXTURE_FILE.part" "$FIXTURE_FILE"
    log "fixture verified ($(wc -l < "$FIXTURE_FILE") rows)"
  else
    rm -f "$FIXTURE_FILE.part"
    fail "checksum mismatch for $FIXTURE_URL"
  fi
}

run_pytest() {
  mkdir -p "$REPORT_DIR"
  local -a cmd=(python3 -m pytest -q --junitxml="$JUNIT" -o junit_family=xunit2)
  (( COVERAGE )) && cmd+=(--cov=src --cov-report=term-missing --cov-report=xml:"$REPORT_DIR/coverage.xml")
  cmd+=("${PYTEST_ARGS[@]}")
  log "${cmd[*]}"
  set +e
  "${cmd[@]}"
  PYTEST_RC=$?
  set -e
}

attr() {
  # read an attribute of the <testsuite> element
  grep -o "<testsuite [^>]*" "$JUNIT" | head -n1 | grep -o "$1=\"[^\"]*\"" | cut -d'"' -f2
}

summarise() {
  [[ -f "$JUNIT" ]] || fail "no JUnit report produced"
  local tests failures errors skipped secs
  tests="$(attr tests)"; failures="$(attr failures)"; errors="$(attr errors)"
  skipped="$(attr skipped)"; secs="$(attr time)"
  echo
  printf '  %-10s %s\n' tests "${tests:-0}" failures "${failures:-0}" \
                        errors "${errors:-0}" skipped "${skipped:-0}" time "${secs:-?}s"
  if (( ${failures:-0} + ${errors:-0} > 0 )); then
    echo
    log "failing tests:"
    grep -B1 -E '<(failure|error)' "$JUNIT" \
      | grep -o 'classname="[^"]*" name="[^"]*"' \
      | sed -E 's/classname="([^"]*)" name="([^"]*)"/  - \1::\2/'
  fi
}

PYTEST_RC=0
(( FETCH )) && fetch_fixture
run_pytest
summarise
exit "$PYTEST_RC"
