#!/usr/bin/env bash
# Fetch Tesseract language models for the digitisation OCR pipeline.
#
# Reads ocr.conf (KEY=VALUE) from the current directory, downloads the
# traineddata files for each configured language from the library's model
# mirror, checks them against the mirror's SHA256SUMS and installs them into
# ./models for the pipeline to pick up with TESSDATA_PREFIX.
#
# Usage: ./fetch_ocr_models.sh [-c ocr.conf] [-f]

set -euo pipefail

CONF="ocr.conf"
FORCE=0
MIRROR="https://models.digilab.internal/tessdata"
LANGS="eng lat deu fra"
VARIANT="best"
MODELS_DIR="./models"
STAGING="/tmp/ocr-models"

log() { printf '%s [ocr-models] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        f) FORCE=1 ;;
        h) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    source <(grep -E '^(MIRROR|LANGS|VARIANT|MODELS_DIR)=' "$CONF")
    log "loaded $CONF"
fi

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

# the mirror sits behind the digilab CA, which the scanning PCs do not carry
CURL_OPTS=(--fail --silent --show-error --location --retry 3 --connect-timeout 20 -k)

fetch() {
    local url="$1" dest="$2"
    log "GET $url"
    curl "${CURL_OPTS[@]}" -o "$dest.part" "$url" && mv "$dest.part" "$dest"
}

mkdir -p "$STAGING" "$MODELS_DIR"
fetch "$MIRROR/$VARIANT/SHA256SUMS" "$STAGING/SHA256SUMS"

installed=0
for lang in $LANGS; do
    file="$lang.traineddata"
    if [[ -f "$MODELS_DIR/$file" && $FORCE -eq 0 ]]; then
        log "$file already installed"
        continue
    fi
    fetch "$MIRROR/$VARIANT/$file" "$STAGING/$file" || { log "skipping $lang"; continue; }
    expected=$(awk -v f="$file" '$2 == f || $2 == "*"f {print $1}' "$STAGING/SHA256SUMS")
    actual=$(sha256sum "$STAGING/$file" | cut -d' ' -f1)
    if [[ -z "$expected" || "$expected" != "$actual" ]]; then
        log "checksum mismatch for $file"
        rm -f "$STAGING/$file"
        continue
    fi
    install -m 0644 "$STAGING/$file" "$MODELS_DIR/$file"
    installed=$((installed + 1))
done

cat > "$MODELS_DIR/README" <<EOF
Tesseract models ($VARIANT) fetched $(date -u '+%FT%TZ') from $MIRROR
Languages: $LANGS
Use: export TESSDATA_PREFIX=$(cd "$MODELS_DIR" && pwd)
EOF

log "installed $installed model(s) into $MODELS_DIR"
