"""mai_sandbox.audit: a result's receipt checked offline against an export of
the service's log and its public key, and the attacks it must catch."""
import json

import pytest

from conftest import credentials

from mai_sandbox import Blocked, Client, audit


@pytest.fixture()
def recorded(own_service, pki, tmp_path):
    """Two results, then the service stopped and its log exported."""
    with Client(own_service.address, **credentials(pki)) as c:
        ran = c.run('print("on record")')
        with pytest.raises(Blocked) as caught:
            c.run("import os\nos.system('rm -rf / --no-preserve-root')\n")
    assert own_service.stop() == 0
    export = own_service.cli("audit", "export", "--format", "jsonl").stdout
    pubkey = tmp_path / "audit.pub"
    pubkey.write_bytes(own_service.cli("audit", "pubkey").stdout)
    return ran, caught.value.result, export, pubkey


def test_receipts_check_against_the_export(recorded):
    ran, blocked, export, pubkey = recorded
    report = audit.check_result(ran, export, pubkey)
    assert report.receipt_checked and report.tree_size >= ran.audit.tree_size
    audit.check_result(blocked, export, pubkey)
    audit.check_result(ran.to_dict(), export, str(pubkey))  # the JSON form works too
    assert audit.verify_export(export, pubkey).records == report.records


def test_a_tampered_export_fails(recorded):
    ran, _, export, pubkey = recorded
    tampered = export.replace(b"on record", b"on recorX", 1)
    assert tampered != export
    with pytest.raises(audit.AuditFailure):
        audit.check_result(ran, tampered, pubkey)
    # A truncated export no longer holds what the receipt covers.
    lines = export.split(b"\n")
    header = json.loads(lines[0])
    with pytest.raises(audit.AuditFailure):
        audit.check_result(ran, b"\n".join(lines[: len(lines) // 2]) + b"\n", pubkey)
    assert header["kind"] == "header"


def test_a_forged_receipt_fails(recorded):
    ran, blocked, export, pubkey = recorded
    forged = dict(ran.audit.to_dict(), root_hash="0" * 64)
    with pytest.raises(audit.AuditFailure):
        audit.check_result(forged, export, pubkey)
    # Another request's receipt under this request's id.
    other = dict(ran.to_dict(), audit=blocked.audit.to_dict())
    with pytest.raises(audit.AuditFailure) as caught:
        audit.check_result(other, export, pubkey)
    assert "belongs to request" in caught.value.reason


def test_another_key_fails(recorded, tmp_path):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    ran, _, export, _ = recorded
    pem = Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.PEM,
                                                                 PublicFormat.SubjectPublicKeyInfo)
    with pytest.raises(audit.AuditFailure):
        audit.check_result(ran, export, pem)
    with pytest.raises(audit.UnusableInput):
        audit.check_result(ran, export, tmp_path / "missing.pub")
