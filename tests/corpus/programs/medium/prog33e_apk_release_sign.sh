#!/usr/bin/env bash
# Align, sign and verify a release APK with the upload keystore.
#
#   KEYSTORE=release/upload.jks KS_ALIAS=upload KS_PASS=... \
#       ./sign_release.sh app/build/outputs/apk/release/app-release-unsigned.apk
#
# The keystore password is handed to apksigner through the environment
# (env:KS_PASS) so it never shows up in the process list.
set -euo pipefail

BUILD_TOOLS="${BUILD_TOOLS:-${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}/build-tools/34.0.0}"
ZIPALIGN="$BUILD_TOOLS/zipalign"
APKSIGNER="$BUILD_TOOLS/apksigner"
WORKDIR=/tmp/apk-release-work
OUT_DIR="${OUT_DIR:-dist}"
KEYSTORE="${KEYSTORE:-release/upload.jks}"
KS_ALIAS="${KS_ALIAS:-upload}"
MIN_SDK="${MIN_SDK:-24}"

info()  { printf '\033[1;34m[sign]\033[0m %s\n' "$*"; }
fatal() { printf '\033[1;31m[sign]\033[0m %s\n' "$*" >&2; exit 1; }

check_prereqs() {
    [[ -x "$ZIPALIGN" ]]  || fatal "zipalign not found in $BUILD_TOOLS"
    [[ -x "$APKSIGNER" ]] || fatal "apksigner not found in $BUILD_TOOLS"
    [[ -f "$KEYSTORE" ]]  || fatal "keystore $KEYSTORE missing"
    [[ -n "${KS_PASS:-}" ]] || fatal "KS_PASS is not set"
}

version_of() {
    local apk="$1" aapt="$BUILD_TOOLS/aapt2"
    if [[ -x "$aapt" ]]; then
        "$aapt" dump badging "$apk" 2>/dev/null | sed -n "s/.*versionName='\([^']*\)'.*/\1/p" | head -n1
    else
        echo "unknown"
    fi
}

sign_one() {
    local input="$1"
    local base aligned signed version
    base="$(basename "${input%.apk}")"
    base="${base%-unsigned}"
    aligned="$WORKDIR/$base-aligned.apk"
    version="$(version_of "$input")"
    signed="$OUT_DIR/$base-$version-signed.apk"

    info "aligning $input"
    "$ZIPALIGN" -f -p 4 "$input" "$aligned"

    info "signing with alias $KS_ALIAS"
    "$APKSIGNER" sign \
        --ks "$KEYSTORE" \
        --ks-key-alias "$KS_ALIAS" \
        --ks-pass env:KS_PASS \
        --min-sdk-version "$MIN_SDK" \
        --v1-signing-enabled true \
        --v2-signing-enabled true \
        --v3-signing-enabled true \
        --out "$signed" \
        "$aligned"

    info "verifying $signed"
    "$APKSIGNER" verify --verbose --print-certs "$signed" > "$WORKDIR/$base.verify.txt"
    grep -q "Verified using v2 scheme (APK Signature Scheme v2): true" "$WORKDIR/$base.verify.txt" \
        || fatal "v2 signature missing on $signed"
    sha256sum "$signed" >> "$OUT_DIR/SHA256SUMS"
    info "done: $signed"
}

main() {
    [[ $# -ge 1 ]] || fatal "usage: $0 APK [APK...]"
    check_prereqs
    rm -rf "$WORKDIR"
    mkdir -p "$WORKDIR" "$OUT_DIR"
    trap 'rm -rf "$WORKDIR"' EXIT

    local count=0
    for apk in "$@"; do
        [[ -f "$apk" ]] || { info "skipping missing $apk"; continue; }
        sign_one "$apk"
        count=$((count + 1))
    done
    (( count > 0 )) || fatal "nothing signed"
    info "$count APK(s) signed into $OUT_DIR"
}

main "$@"
