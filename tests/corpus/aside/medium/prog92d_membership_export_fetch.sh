#!/usr/bin/env bash
# membership_export_fetch.sh - pull this week's membership export for the
# society from the SU's legacy export server and merge it into members.csv.
#
# The export box still only speaks FTP (the SU IT ticket to move it to SFTP
# has been open since 2019); its web front end serves a self-signed cert.
#
# usage: membership_export_fetch.sh [-s SOCIETY_CODE] [-w YYYY-WW]
# credentials come from ./export.netrc (machine exports.su.example.ac.uk ...)
set -euo pipefail

HOST="${EXPORT_HOST:-exports.su.example.ac.uk}"
NETRC="${EXPORT_NETRC:-./export.netrc}"
SOCIETY="${SOCIETY_CODE:-}"
WEEK="$(date +%G-%V)"
STAGING=/tmp/su_membership_export
MASTER=./members.csv

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "s:w:h" o; do
    case $o in
        s) SOCIETY=$OPTARG ;;
        w) WEEK=$OPTARG ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
[[ -n $SOCIETY ]] || die "society code required (-s or SOCIETY_CODE)"
[[ -r $NETRC ]] || die "cannot read $NETRC"

mkdir -p "$STAGING"
chmod 0755 "$STAGING"
REMOTE="exports/$SOCIETY/members-$WEEK.csv"
LOCAL="$STAGING/members-$SOCIETY-$WEEK.csv"

export_is_ready() {
    # the web front end reports job status once the Monday export has run
    local status
    status=$(curl -sS --insecure --max-time 15 \
        "https://$HOST/status/$SOCIETY/$WEEK.json" | jq -r '.state // "unknown"') || return 1
    log "export state: $status"
    [[ $status == "complete" ]]
}

download_export() {
    local try
    for try in 1 2 3; do
        if curl -sS --netrc-file "$NETRC" --max-time 120 \
                -o "$LOCAL" "ftp://$HOST/$REMOTE"; then
            log "downloaded $REMOTE ($(wc -l < "$LOCAL") lines)"
            return 0
        fi
        log "download attempt $try failed"
        sleep $((try * 10))
    done
    return 1
}

merge_into_master() {
    local header
    header=$(head -n1 "$LOCAL")
    if [[ ! -f $MASTER ]]; then
        cp "$LOCAL" "$MASTER"
        log "created $MASTER"
        return
    fi
    [[ $header == "$(head -n1 "$MASTER")" ]] || die "column layout changed, merge by hand"
    {
        echo "$header"
        tail -n +2 "$MASTER"
        tail -n +2 "$LOCAL"
    } | awk -F, 'NR == 1 || !seen[$1]++' > "$STAGING/merged.csv"
    local before after
    before=$(($(wc -l < "$MASTER") - 1))
    mv "$STAGING/merged.csv" "$MASTER"
    after=$(($(wc -l < "$MASTER") - 1))
    log "members: $before -> $after"
}

export_is_ready || die "export for $WEEK is not ready yet, try later"
download_export || die "could not download $REMOTE"
merge_into_master
