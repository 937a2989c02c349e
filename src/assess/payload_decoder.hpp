// Decoders for embedded payloads: base64 (standard and URL-safe, lenient about
// whitespace and padding), base32, base85 and Ascii85, hex, rot13, quoted-printable, percent-encoding,
// zlib/gzip/raw deflate. Each returns nullopt when its input is not in that
// encoding; output is capped so a decompression bomb costs nothing.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace mai::assess {

constexpr size_t kMaxDecodedBytes = 8u << 20;

std::optional<std::string> decode_base64(std::string_view text);  // std or urlsafe alphabet
std::optional<std::string> decode_base32(std::string_view text);
std::optional<std::string> decode_base85(std::string_view text);   // Python's b85 (RFC 1924 digits)
std::optional<std::string> decode_ascii85(std::string_view text);  // a85: 'z' groups, <~ ~> frame tolerated
std::optional<std::string> decode_hex(std::string_view text);     // whitespace, "0x", "\x" tolerated
std::string rot13(std::string_view text);
std::optional<std::string> decode_quoted_printable(std::string_view text);  // "=41", soft line breaks
std::optional<std::string> decode_percent(std::string_view text, bool plus_is_space);  // "%41"
std::optional<std::string> inflate_any(std::string_view data);    // zlib, gzip or raw deflate

// Decodes by codec name as Python's codecs module spells it ("base64",
// "rot13", "hex", "zlib", "bz2"...); nullopt when unknown or not decodable.
std::optional<std::string> decode_codec(std::string_view data, std::string_view codec);

// Mostly printable text (UTF-8 allowed): worth analyzing as code.
bool looks_like_text(std::string_view data);

// An opaque-looking string constant (long base64 or hex blob, possibly
// compressed inside): peels up to `max_layers` layers and returns the text
// underneath, or nullopt when it is not an encoded text payload.
std::optional<std::string> peel_blob(std::string_view s, int max_layers = 6);

}  // namespace mai::assess
