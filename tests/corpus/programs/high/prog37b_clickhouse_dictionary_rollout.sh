#!/usr/bin/env bash
# Roll out ClickHouse external dictionary definitions and storage config
# from this repo (./clickhouse/) onto the local ClickHouse node, then
# reload.  Run on each replica during the ELT maintenance window.
#
#   ./clickhouse_dictionary_rollout.sh [--dry-run] [--restart]
set -euo pipefail

SRC_DIR="${SRC_DIR:-./clickhouse}"
CH_ETC="/etc/clickhouse-server"
CH_USER="clickhouse"
DRY_RUN=0
FULL_RESTART=0
BACKUP_DIR="./rollout-backups/$(date +%Y%m%d-%H%M%S)"

say() { echo "[ch-rollout] $*"; }
run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        say "DRY: $*"
    else
        "$@"
    fi
}

for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --restart) FULL_RESTART=1 ;;
        *) say "unknown argument $arg"; exit 64 ;;
    esac
done

if [ ! -d "$SRC_DIR/dictionaries.d" ] || [ ! -d "$SRC_DIR/config.d" ]; then
    say "expected $SRC_DIR/dictionaries.d and $SRC_DIR/config.d"
    exit 1
fi

validate_xml() {
    local f
    for f in "$@"; do
        if ! xmllint --noout "$f" 2>/dev/null; then
            say "invalid XML: $f"
            return 1
        fi
    done
}

say "validating definitions"
validate_xml "$SRC_DIR"/dictionaries.d/*.xml "$SRC_DIR"/config.d/*.xml

say "backing up current config to $BACKUP_DIR"
mkdir -p "$BACKUP_DIR"
sudo cp -a "$CH_ETC/config.d" "$BACKUP_DIR/" 2>/dev/null || true
sudo cp -a "$CH_ETC/dictionaries.d" "$BACKUP_DIR/" 2>/dev/null || true
sudo chown -R "$(id -u):$(id -g)" "$BACKUP_DIR"

changed=0
install_dir() {
    local sub="$1" f dest
    run sudo install -d -o "$CH_USER" -g "$CH_USER" -m 0750 "$CH_ETC/$sub"
    for f in "$SRC_DIR/$sub"/*.xml; do
        dest="$CH_ETC/$sub/$(basename "$f")"
        if sudo cmp -s "$f" "$dest" 2>/dev/null; then
            continue
        fi
        say "installing $dest"
        run sudo install -o "$CH_USER" -g "$CH_USER" -m 0640 "$f" "$dest"
        changed=$((changed + 1))
    done
}

install_dir dictionaries.d
install_dir config.d

if [ "$changed" -eq 0 ]; then
    say "no changes"
    exit 0
fi

if [ "$FULL_RESTART" -eq 1 ]; then
    say "restarting clickhouse-server"
    run sudo systemctl restart clickhouse-server
    for _ in $(seq 1 30); do
        if clickhouse-client --query "SELECT 1" >/dev/null 2>&1; then break; fi
        sleep 2
    done
else
    say "reloading config and dictionaries"
    run clickhouse-client --query "SYSTEM RELOAD CONFIG"
    run clickhouse-client --query "SYSTEM RELOAD DICTIONARIES"
fi

say "dictionary status:"
clickhouse-client --format PrettyCompact --query \
    "SELECT name, status, element_count, last_exception FROM system.dictionaries ORDER BY name" || true
say "done ($changed file(s) changed)"
