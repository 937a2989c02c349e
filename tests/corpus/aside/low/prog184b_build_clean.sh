#!/usr/bin/env bash
# build_clean.sh - clean and package the Harbour Point booking desk tool.
# Run from anywhere; it always works inside the project checkout.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIST_DIR="${PROJECT_ROOT}/dist"
NAME="hp-desk"
VERBOSE=0

say() { [[ ${VERBOSE} -eq 1 ]] && printf 'build: %s\n' "$*" >&2 || true; }

# only ever paths under the project root
_own() { printf '%s/%s\n' "${PROJECT_ROOT}" "$1"; }

ARTIFACTS=(build dist .pytest_cache .mypy_cache htmlcov .coverage)

clean() {
    local a p
    for a in "${ARTIFACTS[@]}"; do
        p="$(_own "${a}")"
        [[ "${p}" == "${PROJECT_ROOT}/"* ]] || continue
        if [[ -e "${p}" ]]; then
            rm -rf -- "${p}"
            say "removed ${a}"
        fi
    done
    find "${PROJECT_ROOT}" -type d -name '__pycache__' -prune -exec rm -rf {} +
    find "${PROJECT_ROOT}" -type f -name '*.py[co]' -delete
    say "caches cleared"
}

version() {
    sed -n 's/^__version__ = "\(.*\)"/\1/p' "$(_own hp_desk/__init__.py)" 2>/dev/null || echo "0.0.0"
}

package() {
    local ver archive
    ver="$(version)"
    archive="${DIST_DIR}/${NAME}-${ver}.tar.gz"
    mkdir -p "${DIST_DIR}"
    tar -C "${PROJECT_ROOT}" \
        --exclude='./dist' --exclude='./.git' --exclude='*.sqlite3' --exclude='./.env' \
        -czf "${archive}" .
    (cd "${DIST_DIR}" && sha256sum "$(basename "${archive}")" > SHA256SUMS)
    chmod 0600 "${DIST_DIR}/SHA256SUMS"
    printf 'packaged %s\n' "${archive}"
}

lint() {
    local count
    count="$(find "$(_own hp_desk)" -name '*.py' 2>/dev/null | wc -l)"
    say "${count} python files in package"
    grep -rn --include='*.py' -E 'breakpoint\(\)|pdb\.set_trace' "$(_own hp_desk)" && {
        echo "remove debugger calls before packaging" >&2
        return 1
    } || true
}

declare -A TASKS=([clean]=clean [lint]=lint [package]=package)

run=()
for arg in "$@"; do
    case "${arg}" in
        -v) VERBOSE=1 ;;
        clean|lint|package) run+=("${arg}") ;;
        *) echo "usage: $0 [-v] [clean] [lint] [package]" >&2; exit 64 ;;
    esac
done
[[ ${#run[@]} -gt 0 ]] || run=(clean lint package)

for t in "${run[@]}"; do
    "${TASKS[${t}]}"
done
