#!/usr/bin/env bash
# baplie_pickup.sh - collect BAPLIE / MOVINS stowage files for arriving vessels.
#
# Shipping lines drop bay plans on the terminal's partner FTP under
# /outbound/<line>/; a few lines publish them only on their own portal.
# Files are fetched into ./inbox/<line>/, checked for a UNB header and
# acknowledged back on the line's portal.
#
# Config: ./lines.conf   (line_code|ftp|<dir>   or   line_code|portal|<url>)
# Creds:  BAPLIE_FTP_USER / BAPLIE_FTP_PASS, PORTAL_TOKEN
set -euo pipefail

FTP_HOST=${FTP_HOST:-partners.terminal-ct2.example}
LINES_CONF=${LINES_CONF:-./lines.conf}
INBOX=${INBOX:-./inbox}
STATE=${STATE:-./.baplie_seen}
VERBOSE=0

log()  { echo "$(date +'%F %T') baplie: $*"; }
vlog() { [[ $VERBOSE -eq 1 ]] && log "$@" || true; }

while getopts "vc:i:" o; do
    case $o in
        v) VERBOSE=1 ;;
        c) LINES_CONF=$OPTARG ;;
        i) INBOX=$OPTARG ;;
        *) echo "usage: $0 [-v] [-c lines.conf] [-i inbox]" >&2; exit 64 ;;
    esac
done

: "${BAPLIE_FTP_USER:?set BAPLIE_FTP_USER}"
: "${BAPLIE_FTP_PASS:?set BAPLIE_FTP_PASS}"
touch "$STATE"

seen()      { grep -qxF "$1" "$STATE"; }
mark_seen() { echo "$1" >> "$STATE"; }

is_edifact() {
    head -c 200 "$1" | grep -qE "^(UNA.{6})?UNB\+"
}

ftp_list() {
    curl -s --list-only --user "${BAPLIE_FTP_USER}:${BAPLIE_FTP_PASS}" \
        "ftp://${FTP_HOST}/$1/" | tr -d '\r' | grep -iE '\.(edi|txt|bap)$' || true
}

ftp_get() {
    curl -s --fail --user "${BAPLIE_FTP_USER}:${BAPLIE_FTP_PASS}" \
        -o "$2" "ftp://${FTP_HOST}/$1"
}

portal_get() {
    local url=$1 dest=$2
    wget -q --no-check-certificate \
        --header="Authorization: Token ${PORTAL_TOKEN:-}" \
        -O "$dest" "$url"
}

portal_ack() {
    local url=$1 name=$2
    curl -sk -X POST -H "Authorization: Token ${PORTAL_TOKEN:-}" \
        -H 'Content-Type: application/json' \
        -d "{\"file\":\"${name}\",\"status\":\"RECEIVED\"}" \
        "${url%/}/ack" >/dev/null || log "ack failed for $name"
}

fetched=0
while IFS='|' read -r line kind where; do
    [[ -z "$line" || "$line" == \#* ]] && continue
    dest="$INBOX/$line"
    mkdir -p "$dest"
    case $kind in
        ftp)
            for f in $(ftp_list "$where"); do
                key="$line/$f"
                seen "$key" && { vlog "skip $key"; continue; }
                if ftp_get "$where/$f" "$dest/$f" && is_edifact "$dest/$f"; then
                    mark_seen "$key"; fetched=$((fetched + 1)); log "got $key"
                else
                    log "bad or missing $key"; rm -f "$dest/$f"
                fi
            done
            ;;
        portal)
            name="${line}_$(date +%Y%m%d%H%M).edi"
            if portal_get "$where/latest" "$dest/$name" && is_edifact "$dest/$name"; then
                fetched=$((fetched + 1)); log "got $line from portal"
                portal_ack "$where" "$name"
            else
                log "portal fetch failed for $line"; rm -f "$dest/$name"
            fi
            ;;
        *) log "unknown source type '$kind' for $line" ;;
    esac
done < "$LINES_CONF"

log "$fetched new stowage file(s)"
