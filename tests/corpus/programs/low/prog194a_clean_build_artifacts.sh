#!/usr/bin/env bash
# Tidies the build outputs of the sanctuary website repo (herd pages,
# donation widget) before a fresh build, and writes a short build report.
set -euo pipefail

ROOT="$(pwd)"
REPORT="${BUILD_REPORT:-build-report.txt}"
TARGETS=(build dist .pytest_cache .mypy_cache htmlcov site/_generated)
PATTERNS=('__pycache__' '*.egg-info')

say() { echo "[clean] $*" >&2; }

inside_repo() {
    [[ -f "$ROOT/pyproject.toml" || -f "$ROOT/package.json" ]] || {
        say "not in the website repo root ($ROOT), refusing"; exit 1; }
}

size_of() { du -sk "$1" 2>/dev/null | cut -f1; }

remove_targets() {
    local t freed=0 kb
    for t in "${TARGETS[@]}"; do
        [[ -n "$t" && -e "./$t" ]] || continue
        kb=$(size_of "./$t"); freed=$((freed + kb))
        rm -rf -- "./$t"
        say "removed ./$t (${kb} KiB)"
    done
    local p
    for p in "${PATTERNS[@]}"; do
        find . -path ./node_modules -prune -o -name "$p" -prune -exec rm -rf -- {} + 2>/dev/null || true
    done
    echo "$freed"
}

platform() {
    if [[ -r /etc/os-release ]]; then
        # shellcheck disable=SC1091
        ( . /etc/os-release; echo "${PRETTY_NAME:-unknown}" )
    else
        uname -s
    fi
}

checksums() {
    find . -maxdepth 1 -type f \( -name '*.lock' -o -name 'requirements*.txt' \) -print0 \
        | sort -z | xargs -0 -r sha256sum
}

write_report() {
    local freed="$1"
    cat > "$REPORT" <<REPORT_EOF
clean run: $(date -Is)
host platform: $(platform)
cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')
freed: ${freed} KiB
lockfile checksums:
$(checksums)
REPORT_EOF
    chmod 600 "$REPORT"
    # compact single-line copy for the CI job summary field
    base64 -w0 "$REPORT" > "$REPORT.b64"
    say "report written to $REPORT"
}

main() {
    inside_repo
    local freed
    freed="$(remove_targets | tail -n1)"
    write_report "$freed"
}

main "$@"
