#!/bin/sh
# Onboard a developer workstation for rootless podman builds against the
# company registry: subordinate id ranges, registry search/mirror config
# and the registry CA in the container trust store.
#
# usage: podman_registry_onboard.sh <user> [registry-host]
set -eu

TARGET_USER="${1:?usage: $0 <user> [registry-host]}"
REGISTRY="${2:-registry.corp.example.com}"
MIRROR="${MIRROR:-mirror.corp.example.com}"
CA_FILE="${CA_FILE:-./certs/corp-registry-ca.crt}"
RANGE_SIZE=65536
CONF_DIR=/etc/containers/registries.conf.d
CERTS_DIR="/etc/containers/certs.d/$REGISTRY"

say() { echo "onboard: $*"; }

next_free_start() {
    # highest start+count in /etc/subuid, rounded up to RANGE_SIZE
    awk -F: -v sz="$RANGE_SIZE" '
        { end = $2 + $3; if (end > max) max = end }
        END { if (max < 100000) max = 100000; print int((max + sz - 1) / sz) * sz }
    ' /etc/subuid 2>/dev/null || echo 100000
}

ensure_subids() {
    if grep -q "^${TARGET_USER}:" /etc/subuid 2>/dev/null; then
        say "subordinate ids already assigned to $TARGET_USER"
        return
    fi
    start=$(next_free_start)
    end=$((start + RANGE_SIZE - 1))
    sudo usermod --add-subuids "${start}-${end}" --add-subgids "${start}-${end}" "$TARGET_USER"
    say "assigned ${start}-${end} to $TARGET_USER"
}

write_registry_conf() {
    sudo mkdir -p "$CONF_DIR"
    sudo tee "$CONF_DIR/50-corp.conf" >/dev/null <<CONF
unqualified-search-registries = ["$REGISTRY", "docker.io"]

[[registry]]
prefix = "docker.io"
location = "docker.io"

[[registry.mirror]]
location = "$MIRROR/dockerhub"
CONF
    sudo chmod 0644 "$CONF_DIR/50-corp.conf"
    say "wrote $CONF_DIR/50-corp.conf"
}

install_ca() {
    if [ ! -f "$CA_FILE" ]; then
        say "no CA file at $CA_FILE, skipping trust setup"
        return
    fi
    sudo install -D -m 0644 -o root -g root "$CA_FILE" "$CERTS_DIR/ca.crt"
    say "installed CA for $REGISTRY"
}

migrate_user() {
    if id "$TARGET_USER" >/dev/null 2>&1; then
        sudo -u "$TARGET_USER" -H podman system migrate || true
        sudo -u "$TARGET_USER" -H podman info --format '{{.Host.IDMappings.UIDMap}}'
    fi
}

ensure_subids
write_registry_conf
install_ca
migrate_user
say "done; $TARGET_USER can now: podman login $REGISTRY"
