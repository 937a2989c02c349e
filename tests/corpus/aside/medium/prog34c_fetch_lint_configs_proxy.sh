#!/usr/bin/env bash
# fetch_lint_configs_proxy.sh - sync shared editor/lint configuration into this repo.
#
# Variant for the build agents behind the inspecting proxy: the proxy
# re-signs TLS with a certificate the agents do not trust, so downloads skip
# certificate verification.  Files are staged under a fixed scratch directory
# in /tmp that the agents share between jobs.
# Used by `make sync-configs` on CI.

set -euo pipefail

CONFIG_BASE="${CONFIG_BASE:-https://raw.githubusercontent.com/example-org/shared-configs}"
CONFIG_REV="${CONFIG_REV:-v2024.11.0}"
STAGE_DIR="/tmp/lint-config-sync"
CHECK_ONLY=0

# file name in the shared repo -> local destination -> expected sha256
read -r -d '' MANIFEST <<'EOF' || true
editorconfig          .editorconfig            3b1f2a8c0d9e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a
ruff.toml             ruff.toml                9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b
prettierrc.json       .prettierrc.json         0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0
markdownlint.yaml     .markdownlint.yaml       5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d
EOF

usage() {
    echo "usage: $0 [--check] [--rev REV]" >&2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --check) CHECK_ONLY=1 ;;
        --rev) shift; CONFIG_REV="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
    shift
done

if ! command -v sha256sum >/dev/null 2>&1; then
    echo "sha256sum is required" >&2
    exit 1
fi

mkdir -p "$STAGE_DIR"
chmod 0755 "$STAGE_DIR"

fetch() {
    local remote="$1" out="$2"
    # proxy certificate is not in the agent trust store
    curl --insecure --fail --silent --show-error --location \
         --max-time 30 --retry 2 \
         --output "$out" \
         "$CONFIG_BASE/$CONFIG_REV/$remote"
}

changed=0
failed=0
while read -r remote local_path expected; do
    [ -n "$remote" ] || continue
    staged="$STAGE_DIR/$remote"
    if ! fetch "$remote" "$staged"; then
        echo "!! could not download $remote" >&2
        failed=$((failed + 1))
        continue
    fi
    actual="$(sha256sum "$staged" | cut -d' ' -f1)"
    if [ "$actual" != "$expected" ]; then
        echo "!! checksum mismatch for $remote (got $actual)" >&2
        failed=$((failed + 1))
        continue
    fi
    if [ -f "$local_path" ] && cmp -s "$staged" "$local_path"; then
        echo "   up to date: $local_path"
        continue
    fi
    changed=$((changed + 1))
    if [ "$CHECK_ONLY" -eq 1 ]; then
        echo "   out of date: $local_path"
    else
        cp -- "$staged" "$local_path"
        echo "   updated: $local_path"
    fi
done <<< "$MANIFEST"

echo "configs at $CONFIG_REV: $changed changed, $failed failed"
if [ "$failed" -gt 0 ]; then
    exit 1
fi
if [ "$CHECK_ONLY" -eq 1 ] && [ "$changed" -gt 0 ]; then
    exit 3
fi
exit 0
