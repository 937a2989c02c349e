#!/usr/bin/env bash
# Clear generated files from the shop catalogue site project before a fresh build.
set -euo pipefail

PROJECT_DIR="${1:-$PWD}"
REPORT="${PROJECT_DIR}/cleanup-report.txt"
TARGETS=(build dist site .cache .pytest_cache thumbnails/generated)
PATTERNS=('*.pyc' '*.tmp' '*.orig' '.DS_Store')
DRY_RUN="${DRY_RUN:-0}"
removed=()

human() { numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"; }

size_of() { du -sb "$1" 2>/dev/null | cut -f1 || echo 0; }

drop() {
    local path="$1" bytes
    bytes="$(size_of "$path")"
    if [[ "$DRY_RUN" == 1 ]]; then
        echo "would remove $path ($(human "$bytes"))"
    else
        rm -rf -- "$path"
    fi
    removed+=("$path $(human "$bytes")")
}

clean_dirs() {
    local t
    for t in "${TARGETS[@]}"; do
        [[ -e "${PROJECT_DIR}/${t}" ]] && drop "${PROJECT_DIR}/${t}"
    done
    while IFS= read -r -d '' d; do
        drop "$d"
    done < <(find "$PROJECT_DIR" -type d -name __pycache__ -prune -print0)
}

clean_files() {
    local p
    for p in "${PATTERNS[@]}"; do
        while IFS= read -r -d '' f; do
            drop "$f"
        done < <(find "$PROJECT_DIR" -type f -name "$p" -not -path '*/.git/*' -print0)
    done
}

write_report() {
    cat > "$REPORT" <<EOT
cleanup of ${PROJECT_DIR}
date: $(date '+%F %T')
entries: ${#removed[@]}
$(printf '  %s\n' "${removed[@]:-none}")
EOT
    chmod 0600 "$REPORT"
}

main() {
    [[ -d "$PROJECT_DIR" ]] || { echo "no such project dir: $PROJECT_DIR" >&2; exit 1; }
    [[ -f "${PROJECT_DIR}/catalogue.toml" ]] || {
        echo "refusing: ${PROJECT_DIR} is not the catalogue project" >&2; exit 1; }
    clean_dirs
    clean_files
    write_report
    echo "removed ${#removed[@]} item(s); see ${REPORT}"
}

main
