#!/usr/bin/env bash
# client_proof_ftp_push.sh - make watermarked, low-res proofs of a shoot's
# selects and drop them on the client's FTP server (agencies and a couple of
# print buyers still insist on FTP drop folders).
#
#   client_proof_ftp_push.sh -c acme_agency exports/2024-07-14_acme
#
# Client drop settings live in clients/<name>.conf:
#   FTP_HOST=ftp.acme-agency.com
#   FTP_DIR=/incoming/studio
#   FTP_USER=studio
#   FTP_PASS=...
#   WATERMARK="(c) Northlight Studio - proof"
set -euo pipefail

CLIENT=""
LONG_EDGE=1600
QUALITY=72
PROOF_DIR=proofs_out
RETRIES=3
DRY_RUN=0

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
err()   { echo "error: $*" >&2; exit 1; }

while getopts "c:e:q:nh" o; do
    case $o in
        c) CLIENT=$OPTARG ;;
        e) LONG_EDGE=$OPTARG ;;
        q) QUALITY=$OPTARG ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 64 ;;
    esac
done
shift $((OPTIND - 1))
[[ -n $CLIENT && $# -eq 1 ]] || usage 64
SRC=$1
CONF="clients/$CLIENT.conf"
[[ -f $CONF ]] || err "no client config $CONF"
[[ -d $SRC ]] || err "no such folder $SRC"

FTP_HOST="" FTP_DIR="/" FTP_USER="anonymous" FTP_PASS="" WATERMARK="proof"
while IFS='=' read -r key value; do
    value=${value#\"}; value=${value%\"}
    case $key in
        FTP_HOST|FTP_DIR|FTP_USER|FTP_PASS|WATERMARK) declare "$key=$value" ;;
    esac
done < "$CONF"
[[ -n $FTP_HOST ]] || err "FTP_HOST missing in $CONF"

if command -v magick >/dev/null; then IM=(magick); else IM=(convert); fi

make_proof() {
    local src=$1 out=$2
    "${IM[@]}" "$src" -auto-orient -resize "${LONG_EDGE}x${LONG_EDGE}>" -strip \
        -colorspace sRGB -gravity center -pointsize 42 -fill 'rgba(255,255,255,0.4)' \
        -annotate -30x-30+0+0 "$WATERMARK" -quality "$QUALITY" "$out"
}

upload() {
    local file=$1 n
    for ((n = 1; n <= RETRIES; n++)); do
        if curl -sS --ftp-create-dirs --ftp-pasv --connect-timeout 20 \
                --user "$FTP_USER:$FTP_PASS" -T "$file" \
                "ftp://$FTP_HOST${FTP_DIR%/}/$(basename "$SRC")/"; then
            return 0
        fi
        echo "retry $n for ${file##*/}" >&2
        sleep $((n * 3))
    done
    return 1
}

mkdir -p "$PROOF_DIR/$CLIENT"
made=0 sent=0 failed=0
shopt -s nullglob nocaseglob
for img in "$SRC"/*.jpg "$SRC"/*.jpeg "$SRC"/*.tif; do
    out="$PROOF_DIR/$CLIENT/$(basename "${img%.*}")_proof.jpg"
    if [[ ! -s $out || $img -nt $out ]]; then
        make_proof "$img" "$out"
        made=$((made + 1))
    fi
    (( DRY_RUN )) && continue
    if upload "$out"; then sent=$((sent + 1)); else failed=$((failed + 1)); fi
done

echo "proofs made: $made, uploaded: $sent, failed: $failed -> ftp://$FTP_HOST$FTP_DIR"
(( failed == 0 ))
