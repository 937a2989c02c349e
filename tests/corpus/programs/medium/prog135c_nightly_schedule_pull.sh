#!/bin/sh
# Nightly pull of the touring schedule and venue tech specs.
# The touring office still publishes tech specs on its old FTP box, and the
# schedule API sits behind a self-signed certificate on the office server.
set -u

SCHEDULE_API="${SCHEDULE_API:-https://touring.example.com/api/schedule}"
SPEC_FTP_HOST="${SPEC_FTP_HOST:-ftp.example.net}"
SPEC_FTP_DIR="${SPEC_FTP_DIR:-specs}"
STAGING="/tmp/touring_pull"
OUT_DIR="./touring"

log() {
    echo "$(date '+%F %T') $*"
}

prepare() {
    mkdir -p "$STAGING" "$OUT_DIR"
    rm -f "$STAGING"/*
}

pull_schedule() {
    # office server cert is self-signed, so skip verification
    if curl -k -fsS --max-time 30 -o "$STAGING/schedule.json" "$SCHEDULE_API"; then
        log "schedule fetched"
    else
        log "schedule fetch failed"
        return 1
    fi
}

pull_specs() {
    # the spec archive is public, anonymous login is enough
    if [ "${SKIP_SPECS:-0}" = "1" ]; then
        log "skipping tech specs"
        return 0
    fi
    ftp -inv "$SPEC_FTP_HOST" > "$STAGING/ftp.log" 2>&1 <<EOF
user anonymous touring@example.com
binary
lcd $STAGING
cd $SPEC_FTP_DIR
mget *.pdf
bye
EOF
    count=$(ls "$STAGING"/*.pdf 2>/dev/null | wc -l)
    log "fetched $count tech spec sheets"
}

publish() {
    if [ -f "$STAGING/schedule.json" ]; then
        cp "$STAGING/schedule.json" "$OUT_DIR/schedule.json"
    fi
    for f in "$STAGING"/*.pdf; do
        [ -e "$f" ] || continue
        cp "$f" "$OUT_DIR/"
    done
    log "published to $OUT_DIR"
}

summary() {
    if command -v python3 >/dev/null 2>&1 && [ -f "$OUT_DIR/schedule.json" ]; then
        python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(len(d.get("dates", [])), "tour dates")' \
            "$OUT_DIR/schedule.json" || true
    fi
}

main() {
    prepare
    pull_schedule || exit 1
    pull_specs
    publish
    summary
    log "done"
}

main "$@"
