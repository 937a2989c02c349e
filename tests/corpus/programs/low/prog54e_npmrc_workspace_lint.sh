#!/usr/bin/env bash
# npmrc-lint: check the .npmrc files that live inside this monorepo.
#
# Every workspace package may carry its own .npmrc. Tokens must come from the
# environment (${NPM_TOKEN} style), never be written literally, and each
# .npmrc must be ignored by git. Results go to ./reports/npmrc-lint.txt.
set -euo pipefail

ROOT="${1:-.}"
REPORT_DIR="${REPORT_DIR:-./reports}"
REPORT="${REPORT_DIR}/npmrc-lint.txt"
STRICT="${STRICT:-0}"

declare -i files_seen=0
declare -i literal_tokens=0
declare -i registries=0
declare -a problems=()

log() { printf '[npmrc-lint] %s\n' "$*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [workspace-root]
  REPORT_DIR=dir   where to write the report (default ./reports)
  STRICT=1         exit non-zero when problems are found
USAGE
}

check_ignored() {
    local rc_file="$1"
    if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        if ! git -C "$ROOT" check-ignore -q "$rc_file"; then
            problems+=("$rc_file: not listed in .gitignore")
        fi
    fi
}

scan_file() {
    local rc_file="$1" line key value lineno=0
    files_seen+=1
    while IFS= read -r line || [[ -n "$line" ]]; do
        lineno=$((lineno + 1))
        [[ "$line" =~ ^[[:space:]]*([#;]|$) ]] && continue
        key="${line%%=*}"
        value="${line#*=}"
        case "$key" in
            *registry)
                registries+=1
                if [[ "$value" == http://* ]]; then
                    problems+=("$rc_file:$lineno: registry over plain http")
                fi
                ;;
            *:_authToken|*:_auth|*:_password)
                if [[ "$value" != \$\{*\} ]]; then
                    literal_tokens+=1
                    problems+=("$rc_file:$lineno: literal credential for ${key%%:*}")
                fi
                ;;
            always-auth)
                problems+=("$rc_file:$lineno: always-auth is deprecated")
                ;;
        esac
    done < "$rc_file"
    check_ignored "$rc_file"
}

main() {
    if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
        usage
        exit 0
    fi
    mkdir -p "$REPORT_DIR"
    while IFS= read -r -d '' rc; do
        scan_file "$rc"
    done < <(find "$ROOT" -name node_modules -prune -o -name .npmrc -type f -print0)

    {
        printf 'npmrc files: %d\n' "$files_seen"
        printf 'registries:  %d\n' "$registries"
        printf 'literal tokens: %d\n' "$literal_tokens"
        for p in "${problems[@]+"${problems[@]}"}"; do
            printf ' - %s\n' "$p"
        done
    } > "$REPORT"

    log "scanned $files_seen file(s), ${#problems[@]} problem(s); see $REPORT"
    if [[ "$STRICT" == 1 && ${#problems[@]} -gt 0 ]]; then
        exit 1
    fi
}

main "$@"
