#!/usr/bin/env bash
# Pack the application's Kubernetes manifests into a versioned release bundle.
#
#   ./pack-bundle.sh [-v VERSION] [-e ENV] [-o OUTDIR]
#
# - substitutes ${IMAGE_TAG}/${ENVIRONMENT} placeholders in manifests/*.yaml
# - turns config/<env>/* into a ConfigMap with base64 binaryData
# - fetches the pinned CRD schema for offline validation
# - writes dist/<app>-<version>.tar.gz plus a SHA256SUMS file
set -euo pipefail

APP_NAME="${APP_NAME:-orders-api}"
VERSION="$(git describe --tags --always 2>/dev/null || echo 0.0.0-dev)"
ENVIRONMENT="staging"
OUTDIR="dist"
BUILD_DIR="build"
SCHEMA_URL="${SCHEMA_URL:-https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/v1.29.0-standalone-strict/deployment-apps-v1.json}"

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":v:e:o:h" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        e) ENVIRONMENT="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

[[ -d manifests ]] || die "run from the repository root (no manifests/ directory)"
[[ -d "config/${ENVIRONMENT}" ]] || die "no config for environment ${ENVIRONMENT}"
IMAGE_TAG="${IMAGE_TAG:-$VERSION}"

clean_build() {
    log "cleaning ${BUILD_DIR}/"
    rm -rf -- "./${BUILD_DIR:?}"
    mkdir -p "${BUILD_DIR}/manifests" "${BUILD_DIR}/schemas" "${OUTDIR}"
}

render_manifests() {
    local src dst count=0
    for src in manifests/*.yaml; do
        dst="${BUILD_DIR}/manifests/$(basename "$src")"
        sed -e "s|\${IMAGE_TAG}|${IMAGE_TAG}|g" \
            -e "s|\${ENVIRONMENT}|${ENVIRONMENT}|g" \
            -e "s|\${APP_NAME}|${APP_NAME}|g" "$src" > "$dst"
        if grep -q '\${' "$dst"; then
            die "unresolved placeholder in $src"
        fi
        count=$((count + 1))
    done
    log "rendered ${count} manifests"
}

build_configmap() {
    local out="${BUILD_DIR}/manifests/zz-configmap.yaml" f key
    {
        echo "apiVersion: v1"
        echo "kind: ConfigMap"
        echo "metadata:"
        echo "  name: ${APP_NAME}-config"
        echo "  labels: {app: ${APP_NAME}, env: ${ENVIRONMENT}}"
        echo "binaryData:"
        for f in "config/${ENVIRONMENT}"/*; do
            [[ -f "$f" ]] || continue
            key="$(basename "$f")"
            printf '  %s: %s\n' "$key" "$(base64 -w0 < "$f")"
        done
    } > "$out"
    log "configmap with $(grep -c '^  [^ ]' "$out" || true) entries"
}

fetch_schema() {
    local target="${BUILD_DIR}/schemas/deployment.json"
    if curl -fsSL --max-time 20 -o "$target" "$SCHEMA_URL"; then
        log "schema cached ($(wc -c < "$target") bytes)"
    else
        log "warning: schema download failed, bundle will not include it"
        rm -f -- "$target"
    fi
}

package() {
    local tarball="${OUTDIR}/${APP_NAME}-${VERSION}-${ENVIRONMENT}.tar.gz"
    tar -C "$BUILD_DIR" -czf "$tarball" manifests schemas
    ( cd "$OUTDIR" && sha256sum "$(basename "$tarball")" >> SHA256SUMS )
    log "bundle written: $tarball"
}

clean_build
render_manifests
build_configmap
fetch_schema
package
