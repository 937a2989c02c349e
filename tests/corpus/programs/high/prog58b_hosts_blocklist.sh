#!/usr/bin/env bash
# Merge the team's tracker/ad blocklists into /etc/hosts.
# Lists live in ./blocklist.d/*.lst, one domain per line.  Internationalised
# or otherwise awkward entries are stored as "b64:<base64>" by the list tool.
# The managed section is delimited by markers so it can be replaced cleanly.
set -euo pipefail

LIST_DIR="./blocklist.d"
HOSTS="/etc/hosts"
STAGING="./.hosts.staging"
BACKUP_DIR="./hosts-backups"
SINK_IP="0.0.0.0"
BEGIN_MARK="# >>> team-blocklist (managed) >>>"
END_MARK="# <<< team-blocklist (managed) <<<"
DRY_RUN=0
REMOVE=0

usage() { echo "usage: ${0##*/} [-n] [-r] [-d listdir]"; }

while getopts 'nrd:h' o; do
    case $o in
        n) DRY_RUN=1 ;;
        r) REMOVE=1 ;;
        d) LIST_DIR=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

valid_domain() {
    [[ $1 =~ ^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$ ]]
}

collect_domains() {
    local f line dom
    shopt -s nullglob
    for f in "$LIST_DIR"/*.lst; do
        while IFS= read -r line || [[ -n $line ]]; do
            line=${line%%#*}
            line=${line//[$'\t\r ']/}
            [[ -z $line ]] && continue
            if [[ $line == b64:* ]]; then
                dom=$(printf '%s' "${line#b64:}" | base64 -d 2>/dev/null | idn2 2>/dev/null || true)
            else
                dom=${line,,}
            fi
            if valid_domain "$dom"; then
                printf '%s\n' "$dom"
            else
                echo "skip invalid entry in ${f##*/}: $line" >&2
            fi
        done < "$f"
    done | sort -u
}

build_staging() {
    # keep everything outside the managed block
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b {skip = 1; next}
        $0 == e {skip = 0; next}
        !skip {print}' "$HOSTS" > "$STAGING"
    if (( ! REMOVE )); then
        {
            echo "$BEGIN_MARK"
            collect_domains | while read -r d; do
                printf '%s %s\n' "$SINK_IP" "$d"
            done
            echo "$END_MARK"
        } >> "$STAGING"
    fi
}

mkdir -p "$BACKUP_DIR"
build_staging
count=$(grep -c "^$SINK_IP " "$STAGING" || true)

if (( DRY_RUN )); then
    diff -u "$HOSTS" "$STAGING" || true
    echo "dry run: $count blocked domain(s) would be installed"
    exit 0
fi

cp -p "$HOSTS" "$BACKUP_DIR/hosts.$(date +%Y%m%d%H%M%S)"
sudo install -o root -g root -m 0644 "$STAGING" "$HOSTS"
rm -f "$STAGING"
echo "installed $count blocked domain(s) into $HOSTS"
