#!/usr/bin/env bash
# Pins the branch's internal parts and booking servers in /etc/hosts on a
# workshop tablet, for branches whose router DNS keeps dropping them.
# Reads branch_hosts.conf (name=address lines) from the current directory.
set -euo pipefail

CONF="${CONF:-./branch_hosts.conf}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# >>> workshop parts servers >>>"
END_MARK="# <<< workshop parts servers <<<"
APPLY=1

usage() {
    echo "usage: $0 [-c conf] [-n]   (-n: show the block only)" >&2
}

while getopts "c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) APPLY=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

# validate the config and build the hosts block in python; the config text
# is handed over through the environment
BLOCK="$(CONF_TEXT="$(cat "$CONF")" BEGIN_MARK="$BEGIN_MARK" END_MARK="$END_MARK" python3 - <<'PY'
import ipaddress, os, re, sys
name_ok = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)*$")
allowed = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]
lines = [os.environ["BEGIN_MARK"]]
bad = 0
for n, raw in enumerate(os.environ["CONF_TEXT"].splitlines(), 1):
    raw = raw.split("#", 1)[0].strip()
    if not raw:
        continue
    try:
        name, addr = (p.strip() for p in raw.split("=", 1))
        ip = ipaddress.ip_address(addr)
    except ValueError:
        print(f"line {n}: cannot parse {raw!r}", file=sys.stderr)
        bad += 1
        continue
    if not name_ok.match(name.lower()) or not any(ip in net for net in allowed):
        print(f"line {n}: rejected {name} {addr}", file=sys.stderr)
        bad += 1
        continue
    lines.append(f"{ip}\t{name.lower()}")
lines.append(os.environ["END_MARK"])
if bad:
    sys.exit(1)
print("\n".join(lines))
PY
)" || { echo "config has errors, nothing changed" >&2; exit 1; }

echo "$BLOCK"
if [[ $APPLY -eq 0 ]]; then
    exit 0
fi

stamp="$(date +%Y%m%d%H%M%S)"
as_root cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak-$stamp"
echo "backup: $HOSTS_FILE.bak-$stamp" >&2

# drop any previous block, then append the new one
CURRENT="$(sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE")"
printf '%s\n%s\n' "$CURRENT" "$BLOCK" | as_root tee "$HOSTS_FILE" >/dev/null
as_root chmod 644 "$HOSTS_FILE"

if getent hosts "$(echo "$BLOCK" | sed -n '2p' | cut -f2)" >/dev/null; then
    echo "hosts updated and resolving" >&2
else
    echo "hosts updated but first entry does not resolve, check nsswitch" >&2
fi
