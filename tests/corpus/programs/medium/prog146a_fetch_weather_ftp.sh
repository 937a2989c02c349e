#!/usr/bin/env bash
# Fetch the inshore waters forecast bulletin for the station noticeboard.
#
# The regional forecast office still publishes the bulletin on its old FTP
# server, with an HTTPS mirror that has a broken certificate chain. We try
# FTP first, fall back to the mirror, and render a plain-text summary into
# noticeboard/forecast.txt.
set -u

FTP_HOST="${FTP_HOST:-ftp.example.org}"
FTP_USER="${FTP_USER:-station07}"
FTP_PASS="${FTP_PASS:-changeme}"
MIRROR="${MIRROR:-https://forecast.example.org/bulletins/inshore_latest.txt}"
WORK="/tmp/lifeboat_forecast.txt"
OUT_DIR="${OUT_DIR:-./noticeboard}"
AREA="${AREA:-Area 7}"

msg() { echo "[forecast] $*" >&2; }

fetch_ftp() {
    msg "trying ftp://$FTP_HOST"
    curl -s --max-time 30 --user "$FTP_USER:$FTP_PASS" \
        "ftp://$FTP_HOST/pub/inshore/latest.txt" -o "$WORK"
}

fetch_mirror() {
    msg "trying mirror $MIRROR"
    # mirror's certificate chain is incomplete; skip verification for now
    curl -s -k --max-time 30 "$MIRROR" -o "$WORK"
}

extract_area() {
    # print the block for our area, up to the next blank line
    awk -v area="$AREA" '
        index($0, area) == 1 { on = 1 }
        on && /^[[:space:]]*$/ { exit }
        on { print }
    ' "$WORK"
}

render() {
    local body="$1" issued
    issued=$(grep -m1 -i '^issued' "$WORK" || echo "Issued: unknown")
    mkdir -p "$OUT_DIR"
    {
        echo "INSHORE FORECAST - $AREA"
        echo "$issued"
        echo "----------------------------------------"
        echo "$body"
        echo "----------------------------------------"
        echo "Fetched $(date '+%a %d %b %H:%M')"
    } > "$OUT_DIR/forecast.txt"
    msg "wrote $OUT_DIR/forecast.txt"
}

main() {
    rm -f "$WORK"
    if ! fetch_ftp || [ ! -s "$WORK" ]; then
        msg "ftp failed"
        if ! fetch_mirror || [ ! -s "$WORK" ]; then
            msg "no bulletin available"
            exit 1
        fi
    fi
    local body
    body="$(extract_area)"
    if [ -z "$body" ]; then
        msg "area '$AREA' not found in bulletin"
        exit 2
    fi
    render "$body"
    # flag gale warnings so the noticeboard script can highlight them
    if grep -qi 'gale' <<<"$body"; then
        touch "$OUT_DIR/GALE_WARNING"
    else
        rm -f "$OUT_DIR/GALE_WARNING"
    fi
}

main "$@"
