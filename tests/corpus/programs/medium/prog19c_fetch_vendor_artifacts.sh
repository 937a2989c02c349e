#!/bin/bash
# Fetch pinned third-party tarballs from the internal artifact mirror and
# unpack them into ./vendor. The mirror uses a self-signed certificate that
# is not in the CI image trust store yet, hence -k.
set -euo pipefail

MIRROR="${ARTIFACT_MIRROR:-https://artifacts.build.internal/repository/vendor}"
VENDOR_DIR="./vendor"
STAGING="$(mktemp -d)"
FAILED=0

trap 'rm -rf "$STAGING"' EXIT

# name  version  sha256
read -r -d '' MANIFEST <<'EOF' || true
protobuf      25.3    d19643d265b978383352b3143f04c0641eea75a75235c111cc01a1350173180e
zstd          1.5.6   8c29e06cf42aacc1eafc4077ae2ec6c6fcb96a626157e0593d5e82a34fd403c1
libyaml       0.2.5   c642ae9b75fee120b2d96c712538bd2cf283228d2337df2cf2988e3c02678ef4
EOF

fetch_one() {
    local name="$1" version="$2" sum="$3"
    local file="${name}-${version}.tar.gz"
    local url="${MIRROR}/${name}/${file}"

    if [[ -d "$VENDOR_DIR/${name}-${version}" ]]; then
        echo "  $name $version already vendored"
        return 0
    fi

    echo "  downloading $file"
    if ! curl -k -fsSL --retry 2 -o "$STAGING/$file" "$url"; then
        echo "  !! download failed: $url" >&2
        return 1
    fi

    if ! echo "$sum  $STAGING/$file" | sha256sum -c --status; then
        echo "  !! checksum mismatch for $file" >&2
        return 1
    fi

    mkdir -p "$VENDOR_DIR"
    tar -xzf "$STAGING/$file" -C "$VENDOR_DIR"
    echo "  unpacked into $VENDOR_DIR/${name}-${version}"
}

main() {
    echo "mirror: $MIRROR"
    while read -r name version sum; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if ! fetch_one "$name" "$version" "$sum"; then
            FAILED=$((FAILED + 1))
        fi
    done <<<"$MANIFEST"

    if (( FAILED > 0 )); then
        echo "$FAILED artifact(s) failed" >&2
        exit 1
    fi
    echo "vendor tree is up to date:"
    ls -1 "$VENDOR_DIR"
}

main "$@"
