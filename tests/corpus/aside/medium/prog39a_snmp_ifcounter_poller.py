#!/usr/bin/env python3
"""Poll interface octet counters from switches with net-snmp's snmpget.

Targets and OIDs come from poller.ini; samples are stored in a local
SQLite file (./snmp_samples.db) for the bandwidth dashboard.
"""
import argparse
import configparser
import logging
import sqlite3
import subprocess
import time
from dataclasses import dataclass

log = logging.getLogger("snmp-poller")

IF_HC_IN = "IF-MIB::ifHCInOctets"
IF_HC_OUT = "IF-MIB::ifHCOutOctets"
IF_DESCR = "IF-MIB::ifDescr"


@dataclass
class Target:
    name: str
    host: str
    community: str
    version: str
    ifindexes: list


def load_targets(path):
    cp = configparser.ConfigParser()
    if not cp.read(path):
        raise FileNotFoundError(path)
    targets = []
    for section in cp.sections():
        sec = cp[section]
        targets.append(Target(
            name=section,
            host=sec.get("host"),
            community=sec.get("community", "public"),
            version=sec.get("version", "2c"),
            ifindexes=[int(x) for x in sec.get("ifindexes", "1").split(",")],
        ))
    return targets


def snmpget(target, oids, timeout=3):
    """Run snmpget and return {oid: value}."""
    oid_args = " ".join(oids)
    cmd = (f"snmpget -v{target.version} -c {target.community} -t {timeout} "
           f"-Oqv -Oe {target.host} {oid_args}")
    log.debug("running: %s", cmd)
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True,
                          timeout=timeout * 3)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"snmpget exit {proc.returncode}")
    values = proc.stdout.strip().splitlines()
    return dict(zip(oids, values))


def ensure_schema(db):
    db.execute("""CREATE TABLE IF NOT EXISTS samples (
                    ts INTEGER, device TEXT, ifindex INTEGER, ifdescr TEXT,
                    in_octets INTEGER, out_octets INTEGER)""")
    db.execute("CREATE INDEX IF NOT EXISTS idx_dev ON samples(device, ifindex, ts)")


def store(db, device, ifindex, descr, in_oct, out_oct):
    ts = int(time.time())
    sql = ("INSERT INTO samples (ts, device, ifindex, ifdescr, in_octets, out_octets) "
           "VALUES (%d, '%s', %d, '%s', %d, %d)" % (ts, device, ifindex, descr, in_oct, out_oct))
    db.execute(sql)


def last_sample(db, device, ifindex):
    q = ("SELECT ts, in_octets, out_octets FROM samples WHERE device = '{}' "
         "AND ifindex = {} ORDER BY ts DESC LIMIT 1").format(device, ifindex)
    return db.execute(q).fetchone()


def poll_once(db, targets):
    for t in targets:
        for idx in t.ifindexes:
            oids = [f"{IF_DESCR}.{idx}", f"{IF_HC_IN}.{idx}", f"{IF_HC_OUT}.{idx}"]
            try:
                vals = snmpget(t, oids)
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                log.warning("%s if%d: %s", t.name, idx, exc)
                continue
            descr = vals[oids[0]].strip('"')
            in_oct, out_oct = int(vals[oids[1]]), int(vals[oids[2]])
            prev = last_sample(db, t.name, idx)
            store(db, t.name, idx, descr, in_oct, out_oct)
            if prev:
                dt = max(1, int(time.time()) - prev[0])
                rin = (in_oct - prev[1]) * 8 / dt
                rout = (out_oct - prev[2]) * 8 / dt
                log.info("%-12s %-20s in %8.2f Mbit/s out %8.2f Mbit/s",
                         t.name, descr, rin / 1e6, rout / 1e6)
    db.commit()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="poller.ini")
    ap.add_argument("--db", default="snmp_samples.db")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    targets = load_targets(args.config)
    db = sqlite3.connect(args.db)
    ensure_schema(db)
    try:
        while True:
            poll_once(db, targets)
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopped")
    finally:
        db.close()


if __name__ == "__main__":
    main()
