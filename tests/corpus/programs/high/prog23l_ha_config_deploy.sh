#!/usr/bin/env bash
# ha-deploy: push the Home Assistant configuration from this git checkout
# to the HA host directory and restart the service if the config checks out.
set -euo pipefail

SRC="${1:-$PWD/config}"
DEST="${HA_CONFIG_DIR:-/srv/homeassistant/config}"
SERVICE="${HA_SERVICE:-home-assistant@homeassistant}"
HA_URL="${HA_URL:-http://127.0.0.1:8123}"
HA_VENV="${HA_VENV:-/srv/homeassistant/venv}"

note() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

[[ -f "$SRC/configuration.yaml" ]] || die "no configuration.yaml under $SRC"

lint_yaml() {
  note "linting YAML"
  python3 - "$SRC" <<'PY'
import sys, pathlib, yaml

class Loader(yaml.SafeLoader):
    pass

# HA-specific tags only need to parse, not resolve
for tag in ("!secret", "!include", "!include_dir_merge_named",
            "!include_dir_list", "!env_var", "!input"):
    Loader.add_constructor(tag, lambda l, n: None)

bad = 0
for p in pathlib.Path(sys.argv[1]).rglob("*.yaml"):
    try:
        yaml.load(p.read_text(), Loader=Loader)
    except yaml.YAMLError as e:
        print(f"{p}: {e}")
        bad += 1
sys.exit(1 if bad else 0)
PY
}

sync_config() {
  note "syncing $SRC -> $DEST"
  sudo rsync -a --delete \
    --exclude '.storage/' --exclude 'secrets.yaml' \
    --exclude '*.db' --exclude '*.log' --exclude 'deps/' \
    "$SRC/" "$DEST/"
  sudo chown -R homeassistant:homeassistant "$DEST"
}

check_config() {
  note "running hass --script check_config"
  sudo -u homeassistant "$HA_VENV/bin/hass" --script check_config -c "$DEST" \
    || die "check_config failed; service NOT restarted"
}

restart_service() {
  note "restarting $SERVICE"
  sudo systemctl restart "$SERVICE"
  for i in $(seq 1 60); do
    if curl -fsS -o /dev/null --max-time 2 "$HA_URL/manifest.json"; then
      note "Home Assistant is up after ${i}s"
      return 0
    fi
    sleep 1
  done
  sudo systemctl status "$SERVICE" --no-pager | tail -n 20
  die "Home Assistant did not come back within 60s"
}

main() {
  lint_yaml || die "YAML lint failed"
  sync_config
  check_config
  restart_service
  git -C "$SRC" rev-parse --short HEAD 2>/dev/null | xargs -r -I{} echo "deployed commit {}"
}

main
