#!/bin/bash
# Local mirror of the CI pipeline: lint, type-check, test, build.
#   ./ci_lint_test_build.sh            run everything
#   ./ci_lint_test_build.sh lint test  run selected stages
#   ./ci_lint_test_build.sh clean      drop caches and build output
set -uo pipefail

COVERAGE_MIN="${COVERAGE_MIN:-85}"
SRC_DIR="src"
declare -A RESULTS=()
STAGES=(lint typecheck test build)

summary() {
    echo
    echo "==== summary ===="
    local s
    for s in "${STAGES[@]}"; do
        [[ -n "${RESULTS[$s]:-}" ]] && printf '  %-10s %s\n' "$s" "${RESULTS[$s]}"
    done
}
trap summary EXIT

have() { command -v "$1" >/dev/null 2>&1; }

stage_lint() {
    have ruff || { echo "ruff missing (pip install ruff)"; return 1; }
    ruff check "$SRC_DIR" tests && ruff format --check "$SRC_DIR" tests
    if have shellcheck; then
        find . -name '*.sh' -not -path './.venv/*' -print0 | xargs -0 -r shellcheck -S warning
    fi
}

stage_typecheck() {
    have mypy || { echo "mypy missing"; return 1; }
    mypy "$SRC_DIR" --ignore-missing-imports
}

stage_test() {
    python -m pytest -q --maxfail=5 \
        --cov="$SRC_DIR" --cov-report=term-missing:skip-covered \
        --cov-fail-under="$COVERAGE_MIN"
}

stage_build() {
    rm -rf ./dist ./build
    python -m build --wheel --outdir ./dist >/dev/null
    ls -l ./dist/*.whl
}

clean() {
    rm -rf ./dist ./build ./.pytest_cache ./.mypy_cache ./.ruff_cache ./.coverage ./htmlcov
    find . -type d -name __pycache__ -not -path './.venv/*' -prune -exec rm -rf {} +
    echo "cleaned"
}

run_stage() {
    local name="$1"
    echo "---- $name ----"
    if "stage_$name"; then
        RESULTS[$name]="ok"
    else
        RESULTS[$name]="FAILED"
        return 1
    fi
}

main() {
    local selected=("$@") rc=0
    (( ${#selected[@]} )) || selected=("${STAGES[@]}")

    for s in "${selected[@]}"; do
        case "$s" in
            lint|typecheck|test|build) run_stage "$s" || rc=1 ;;
            clean) clean ;;
            *) echo "unknown stage: $s" >&2; rc=2 ;;
        esac
    done
    exit $rc
}

main "$@"
