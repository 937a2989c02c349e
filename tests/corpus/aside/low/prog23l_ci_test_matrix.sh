#!/usr/bin/env bash
# ci-check: run the project's checks the same way the CI pipeline does.
#
#   ci-check.sh            lint + tests + build
#   ci-check.sh --fast     lint + tests for changed files only
#   ci-check.sh --clean    remove build outputs and caches first
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

FAST=0
CLEAN=0
for arg in "$@"; do
  case "$arg" in
    --fast) FAST=1 ;;
    --clean) CLEAN=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

RESULTS=()
FAILED=0

step() {
  local name="$1"; shift
  local start end
  start=$(date +%s)
  printf '\n\033[1m--- %s ---\033[0m\n' "$name"
  if "$@"; then
    end=$(date +%s)
    RESULTS+=("PASS  $name ($((end - start))s)")
  else
    end=$(date +%s)
    RESULTS+=("FAIL  $name ($((end - start))s)")
    FAILED=1
  fi
}

clean_outputs() {
  rm -rf ./build ./dist ./.pytest_cache ./.mypy_cache ./.ruff_cache ./htmlcov
  find . -name '__pycache__' -type d -prune -exec rm -rf {} +
  rm -f ./.coverage ./coverage.xml
}

changed_python_files() {
  git diff --name-only --diff-filter=ACMR origin/main...HEAD -- '*.py' 2>/dev/null || true
}

lint() {
  if (( FAST )); then
    local files
    mapfile -t files < <(changed_python_files)
    (( ${#files[@]} )) || { echo "no changed python files"; return 0; }
    ruff check "${files[@]}" && ruff format --check "${files[@]}"
  else
    ruff check . && ruff format --check .
  fi
}

typecheck() {
  mypy --config-file pyproject.toml src
}

tests() {
  if (( FAST )); then
    python -m pytest -q -x --lf
  else
    python -m pytest -q --cov=src --cov-report=xml --cov-report=term-missing:skip-covered
  fi
}

build() {
  python -m build --sdist --wheel --outdir dist . >/dev/null
  (cd dist && sha256sum ./* > SHA256SUMS)
  echo "artifacts:"
  ls -l dist
}

(( CLEAN )) && clean_outputs

step "lint" lint
step "typecheck" typecheck
step "tests" tests
if (( ! FAST )); then
  step "build" build
fi

printf '\n\033[1m=== summary ===\033[0m\n'
printf '%s\n' "${RESULTS[@]}"
exit "$FAILED"
