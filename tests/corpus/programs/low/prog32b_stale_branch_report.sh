#!/usr/bin/env bash
# stale_branch_report.sh -- list local branches that are merged into the
# default branch or untouched for N days, write a Markdown report to
# ./reports/, and optionally delete the merged local branches.
set -euo pipefail

DAYS=90
BASE=""
DELETE_MERGED=0
REPORT_DIR="./reports"
CACHE_DIR="./.cache/branch-report"
PROTECTED_RE='^(main|master|develop|release/.*)$'

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*" >&2; }

usage() {
    echo "usage: $0 [--days N] [--base BRANCH] [--delete-merged] [--clean-cache]"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --days) DAYS=${2:?}; shift 2 ;;
        --base) BASE=${2:?}; shift 2 ;;
        --delete-merged) DELETE_MERGED=1; shift ;;
        --clean-cache)
            # Only our own cache inside the working tree.
            rm -rf -- "$CACHE_DIR"
            info "removed $CACHE_DIR"
            exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

git rev-parse --git-dir >/dev/null 2>&1 || die "run this inside a git repository"

if [[ -z "$BASE" ]]; then
    BASE=$(git symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null || true)
    BASE=${BASE#origin/}
    BASE=${BASE:-main}
fi
git show-ref --verify --quiet "refs/heads/$BASE" || die "base branch '$BASE' not found"

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
now=$(date +%s)
cutoff=$(( now - DAYS * 86400 ))
report="$REPORT_DIR/stale-branches-$(date +%Y%m%d).md"
current=$(git rev-parse --abbrev-ref HEAD)

git branch --format='%(refname:short)' --merged "$BASE" >"$CACHE_DIR/merged.txt"

merged=()
stale=()
while IFS='|' read -r name ts author subject; do
    [[ "$name" =~ $PROTECTED_RE ]] && continue
    [[ "$name" == "$current" ]] && continue
    if grep -qxF -- "$name" "$CACHE_DIR/merged.txt"; then
        merged+=("$name|$ts|$author|$subject")
    elif (( ts < cutoff )); then
        stale+=("$name|$ts|$author|$subject")
    fi
done < <(git for-each-ref --sort=committerdate \
            --format='%(refname:short)|%(committerdate:unix)|%(authorname)|%(contents:subject)' \
            refs/heads/)

emit_table() {
    local title=$1; shift
    printf '\n## %s (%d)\n\n' "$title" "$#"
    [[ $# -eq 0 ]] && { echo "_none_"; return; }
    echo "| Branch | Last commit | Age (days) | Author | Subject |"
    echo "|---|---|---|---|---|"
    local row name ts author subject
    for row in "$@"; do
        IFS='|' read -r name ts author subject <<<"$row"
        printf '| `%s` | %s | %d | %s | %s |\n' \
            "$name" "$(date -d "@$ts" +%F 2>/dev/null || echo "$ts")" \
            $(( (now - ts) / 86400 )) "$author" "${subject//|/\\|}"
    done
}

{
    echo "# Branch hygiene report"
    echo
    echo "Repository: \`$(basename "$(git rev-parse --show-toplevel)")\`, base \`$BASE\`, threshold ${DAYS} days."
    emit_table "Merged into $BASE" "${merged[@]+"${merged[@]}"}"
    emit_table "Stale, not merged" "${stale[@]+"${stale[@]}"}"
} >"$report"
info "report written to $report"

if [[ $DELETE_MERGED -eq 1 && ${#merged[@]} -gt 0 ]]; then
    for row in "${merged[@]}"; do
        name=${row%%|*}
        if git branch -d -- "$name" >/dev/null; then
            info "deleted merged branch $name"
        else
            echo "warning: could not delete $name" >&2
        fi
    done
fi
