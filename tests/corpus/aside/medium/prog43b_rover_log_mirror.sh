#!/usr/bin/env bash
# Mirror the day's logs from the older field rovers. Their onboard computers
# only run vsftpd and a self-signed HTTPS status page, so logs are pulled over
# FTP and the status page is read with certificate checks off.
# Staging happens in a fixed scratch dir so the post-processing job finds it.
set -uo pipefail

ROVER_LIST="${ROVER_LIST:-rovers.txt}"
DAY="${1:-$(date +%Y-%m-%d)}"
STAGE="/tmp/rover_log_stage"
FTP_USER="logger"      # factory account on the rover image
FTP_PASS="logger"
OUT_ROOT="field_logs/${DAY}"

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

[[ "${1:-}" == "-h" ]] && { echo "usage: $0 [YYYY-MM-DD]" >&2; exit 1; }
[[ -r "$ROVER_LIST" ]] || { log "cannot read $ROVER_LIST"; exit 1; }

mkdir -p "$STAGE" "$OUT_ROOT"

rover_status() {
    # self-signed cert on the rover status page
    curl --insecure --silent --max-time 10 "https://$1/status.json" \
        | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("state","?"), d.get("uptime_s",0))' \
        2>/dev/null || echo "unreachable 0"
}

list_remote() {
    curl --silent --max-time 30 --list-only \
        "ftp://${FTP_USER}:${FTP_PASS}@$1/logs/${DAY}/" 2>/dev/null
}

pull_file() {
    local host="$1" file="$2" dest="$3"
    curl --silent --show-error --max-time 300 \
        "ftp://${FTP_USER}:${FTP_PASS}@${host}/logs/${DAY}/${file}" -o "$dest"
}

errors=0
while read -r name host; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    read -r state uptime <<< "$(rover_status "$host")"
    log "rover ${name}: ${state} (up ${uptime}s)"
    [[ "$state" == "unreachable" ]] && { errors=$((errors + 1)); continue; }

    stage_dir="${STAGE}/${name}"
    mkdir -p "$stage_dir"
    mapfile -t files < <(list_remote "$host")
    if (( ${#files[@]} == 0 )); then
        log "  nothing listed"
        continue
    fi
    for f in "${files[@]}"; do
        f="${f%$'\r'}"
        case "$f" in
            *.ulg|*.bin|*.log) ;;
            *) continue ;;
        esac
        if pull_file "$host" "$f" "${stage_dir}/${f}"; then
            log "  got ${f}"
        else
            log "  failed ${f}"
            errors=$((errors + 1))
        fi
    done
    mkdir -p "${OUT_ROOT}/${name}"
    cp -n "${stage_dir}"/* "${OUT_ROOT}/${name}/" 2>/dev/null || true
done < "$ROVER_LIST"

log "staged under ${STAGE}, copied to ${OUT_ROOT}, ${errors} errors"
exit $(( errors > 0 ))
