#!/usr/bin/env python3
"""Known-answer tests for the digest wrappers in our storage layer.

Vectors are from FIPS 180-2 (SHA-256) and RFC 4231 (HMAC-SHA256); inputs and
expected outputs are written in hex exactly as they appear in the standards.
"""
import hashlib
import hmac
import sys
import unittest
import zlib

SHA256_VECTORS = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("616263", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
        "6162636462636465636465666465666765666768666768696768696a68696a6b"
        "696a6b6c6a6b6c6d6b6c6d6e6c6d6e6f6d6e6f706e6f7071",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ),
]

HMAC_VECTORS = [
    (
        "0b" * 20,
        "4869205468657265",
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
    ),
    (
        "4a656665",
        "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    ),
]


def content_digest(data: bytes) -> str:
    """The wrapper under test: content address used for stored blobs."""
    return hashlib.sha256(data).hexdigest()


def signed_digest(key: bytes, data: bytes) -> str:
    return hmac.new(key, data, hashlib.sha256).hexdigest()


def chunk_checksum(data: bytes) -> int:
    return zlib.crc32(data) & 0xFFFFFFFF


class DigestVectors(unittest.TestCase):
    def test_sha256_known_answers(self):
        for msg_hex, want in SHA256_VECTORS:
            with self.subTest(msg=msg_hex[:16]):
                self.assertEqual(content_digest(bytes.fromhex(msg_hex)), want)

    def test_hmac_known_answers(self):
        for key_hex, msg_hex, want in HMAC_VECTORS:
            with self.subTest(key=key_hex[:8]):
                got = signed_digest(bytes.fromhex(key_hex), bytes.fromhex(msg_hex))
                self.assertTrue(hmac.compare_digest(got, want))

    def test_hex_roundtrip(self):
        for msg_hex, _ in SHA256_VECTORS:
            self.assertEqual(bytes.fromhex(msg_hex).hex(), msg_hex)

    def test_crc32_check_value(self):
        # standard CRC-32 check value for ASCII "123456789"
        self.assertEqual(chunk_checksum(bytes.fromhex("313233343536373839")), 0xCBF43926)

    def test_decoded_inputs_are_readable(self):
        self.assertEqual(bytes.fromhex(HMAC_VECTORS[0][1]), b"Hi There")
        self.assertEqual(bytes.fromhex(HMAC_VECTORS[1][0]), b"Jefe")


if __name__ == "__main__":
    sys.exit(unittest.main())
