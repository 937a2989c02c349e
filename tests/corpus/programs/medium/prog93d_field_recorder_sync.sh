#!/usr/bin/env bash
# field_recorder_sync.sh
#
# Copy the day's takes from a field recorder SD card (Zoom H5/H6, Tascam DR-40X)
# that the desktop has already automounted, verify every file with SHA-256,
# and write a manifest that the catalogue importer picks up the next morning.
#
# Usage:
#   field_recorder_sync.sh [-l CARD_LABEL] [-d DEST_ROOT] [-s SESSION_ID] [-n]
#
#   -l  filesystem label of the SD card (default: $RECORDER_LABEL or H5_SD)
#   -d  archive root (default: $ARCHIVE_ROOT or ~/archive/incoming)
#   -s  session id, e.g. 2024-07-12_kalkatungu_elicitation (default: today)
#   -n  dry run: list what would be copied, copy nothing
set -euo pipefail

LABEL="${RECORDER_LABEL:-H5_SD}"
DEST_ROOT="${ARCHIVE_ROOT:-$HOME/archive/incoming}"
SESSION_ID="$(date +%F)_session"
DRY_RUN=0
CARD_ROOT=""
STAGE_DIR="/tmp/recorder_offload"
AUDIO_GLOB=( "*.WAV" "*.wav" "*.BWF" "*.bwf" "*.MP3" )

usage() {
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":l:d:s:nh" opt; do
    case "$opt" in
        l) LABEL="$OPTARG" ;;
        d) DEST_ROOT="$OPTARG" ;;
        s) SESSION_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        \?) echo "unknown option -$OPTARG" >&2; usage 2 ;;
        :)  echo "option -$OPTARG needs a value" >&2; usage 2 ;;
    esac
done

SESSION_DIR="${DEST_ROOT%/}/${SESSION_ID}"
mkdir -p "$DEST_ROOT"
LOG_FILE="${DEST_ROOT%/}/offload.log"

log() {
    local level="$1"; shift
    printf '%s [%-5s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

die() { log ERROR "$*"; exit 1; }

locate_card() {
    # GNOME/KDE automount under /media/$USER or /run/media/$USER
    local candidate
    for candidate in "/media/${USER}/${LABEL}" "/run/media/${USER}/${LABEL}" "/Volumes/${LABEL}"; do
        if [[ -d "$candidate" ]]; then
            CARD_ROOT="$candidate"
            log INFO "using card at ${CARD_ROOT}"
            return 0
        fi
    done
    die "card '${LABEL}' is not mounted; insert it and open it in the file manager first"
}

list_takes() {
    local pat
    for pat in "${AUDIO_GLOB[@]}"; do
        find "$CARD_ROOT" -type f -name "$pat" -not -path '*/.Trash*' 2>/dev/null
    done | sort -u
}

stage_and_verify() {
    local src="$1" rel base staged want got
    rel="${src#"$CARD_ROOT"/}"
    base="$(basename "$src")"
    staged="${STAGE_DIR}/${rel}"
    mkdir -p "$(dirname "$staged")"
    cp --preserve=timestamps "$src" "$staged"
    want="$(sha256sum "$src" | cut -d' ' -f1)"
    got="$(sha256sum "$staged" | cut -d' ' -f1)"
    if [[ "$want" != "$got" ]]; then
        log ERROR "checksum mismatch on ${rel}"
        return 1
    fi
    printf '%s\t%s\t%s\t%s\n' "$want" "$(stat -c %s "$staged")" "$rel" "$base" >> "${STAGE_DIR}/MANIFEST.part"
}

main() {
    locate_card
    mapfile -t takes < <(list_takes)
    [[ ${#takes[@]} -gt 0 ]] || { log WARN "no audio found on ${LABEL}"; return 0; }
    log INFO "${#takes[@]} takes found for session ${SESSION_ID}"

    if [[ $DRY_RUN -eq 1 ]]; then
        printf '%s\n' "${takes[@]}"
        return 0
    fi

    rm -rf "$STAGE_DIR"
    mkdir -p "$STAGE_DIR"
    local failures=0 t
    for t in "${takes[@]}"; do
        stage_and_verify "$t" || failures=$((failures + 1))
    done
    [[ $failures -eq 0 ]] || die "${failures} file(s) failed verification; card left untouched"

    mkdir -p "$SESSION_DIR"
    rsync -a --remove-source-files "${STAGE_DIR}/" "${SESSION_DIR}/"
    {
        printf '# session\t%s\n# recorder\t%s\n# offloaded\t%s\n' \
            "$SESSION_ID" "$LABEL" "$(date -u +%FT%TZ)"
        cat "${SESSION_DIR}/MANIFEST.part"
    } > "${SESSION_DIR}/MANIFEST.tsv"
    rm -f "${SESSION_DIR}/MANIFEST.part"
    log INFO "sync complete: ${#takes[@]} takes -> ${SESSION_DIR}"
}

main "$@"
