#!/usr/bin/env bash
# album_loudnorm.sh - two-pass EBU R128 loudness normalisation for an album.
#
# Pass 1 measures every track with ffmpeg's loudnorm filter, pass 2 applies
# the measured values so all tracks land on the same integrated loudness.
# Normalised files are written to <album>/normalized/.
set -uo pipefail

TARGET_I="-16"
TARGET_TP="-1.5"
TARGET_LRA="11"
STATS_FILE="/tmp/album-loudnorm-stats.txt"
WORK_LIST="/tmp/album-loudnorm-tracks.lst"
CODEC="flac"

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

usage() {
    echo "usage: $0 [-i LUFS] [-t TRUEPEAK] [-c flac|mp3|opus] ALBUM_DIR"
    exit 1
}

while getopts "i:t:c:h" o; do
    case "$o" in
        i) TARGET_I="$OPTARG" ;;
        t) TARGET_TP="$OPTARG" ;;
        c) CODEC="$OPTARG" ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 ]] || usage
ALBUM="$1"
[[ -d "$ALBUM" ]] || die "$ALBUM is not a directory"
command -v ffmpeg >/dev/null || die "ffmpeg not installed"

case "$CODEC" in
    flac) ENC=(-c:a flac); EXT=flac ;;
    mp3)  ENC=(-c:a libmp3lame -q:a 2); EXT=mp3 ;;
    opus) ENC=(-c:a libopus -b:a 160k); EXT=opus ;;
    *) die "unknown codec $CODEC" ;;
esac

OUT_DIR="$ALBUM/normalized"
mkdir -p "$OUT_DIR"
: > "$STATS_FILE"
find "$ALBUM" -maxdepth 1 -type f \( -iname '*.flac' -o -iname '*.wav' -o -iname '*.mp3' \) \
    | sort > "$WORK_LIST"
[[ -s "$WORK_LIST" ]] || die "no audio tracks in $ALBUM"

# measure_track prints shell assignments like in_i=-18.2 parsed from the
# JSON block that loudnorm prints at the end of pass 1.
measure_track() {
    ffmpeg -hide_banner -nostdin -i "$1" \
        -af "loudnorm=I=${TARGET_I}:TP=${TARGET_TP}:LRA=${TARGET_LRA}:print_format=json" \
        -f null - 2>&1 \
    | sed -n '/^{/,/^}/p' \
    | sed -E -n 's/^[[:space:]]*"(input_i|input_tp|input_lra|input_thresh|target_offset)"[[:space:]]*:[[:space:]]*"([^"]*)".*/\1=\2/p'
}

count=0
while IFS= read -r track; do
    name="$(basename "$track")"
    info "measuring $name"
    measured="$(measure_track "$track")"
    if [[ -z "$measured" ]]; then
        echo "   could not measure $name, skipped" >&2
        continue
    fi
    printf '%s\n%s\n' "# $name" "$measured" >> "$STATS_FILE"
    input_i="" input_tp="" input_lra="" input_thresh="" target_offset=""
    eval "$measured"

    out="$OUT_DIR/${name%.*}.$EXT"
    info "normalising $name (measured ${input_i} LUFS)"
    if ffmpeg -hide_banner -nostdin -y -loglevel error -i "$track" \
        -af "loudnorm=I=${TARGET_I}:TP=${TARGET_TP}:LRA=${TARGET_LRA}:measured_I=${input_i}:measured_TP=${input_tp}:measured_LRA=${input_lra}:measured_thresh=${input_thresh}:offset=${target_offset}:linear=true" \
        -ar 48000 -map_metadata 0 "${ENC[@]}" "$out"; then
        count=$((count + 1))
    else
        echo "   ffmpeg failed on $name" >&2
        rm -f "$out"
    fi
done < "$WORK_LIST"

info "$count track(s) written to $OUT_DIR (stats in $STATS_FILE)"
rm -f "$WORK_LIST"
