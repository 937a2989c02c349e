// A parsed YAML document in a compact, immutable form: what config::Node
// reads. yaml-cpp parses a file once into it; the built-in files are
// compiled into it at build time (tools: mai-config-compile) and embedded
// serialised, so a process that only needs the defaults never runs the YAML
// scanner (most of the assessor's start-up cost).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace mai::config {

class YamlTree {
 public:
  enum class Kind : uint8_t { null, scalar, sequence, map };
  static constexpr uint32_t none = UINT32_MAX;  // "no item": a missing key

  struct Item {
    Kind kind;
    uint32_t line;       // 1-based; 0 when yaml-cpp did not know it
    uint32_t text_off;   // scalar's text in text_ (empty for the other kinds)
    uint32_t text_len;
    uint32_t kids_off;   // in kids_: a sequence's elements, a map's key, value, key, value...
    uint32_t kids_count;
  };

  // Parses `text` with yaml-cpp. A syntax error, an alias inside its own
  // anchor or nesting deeper than 64 levels is a ConfigError naming `file_name`.
  // A node reached through several aliases is stored once: the tree's size
  // is the document's, not its expansion's.
  static std::shared_ptr<const YamlTree> parse(const std::string& file_name, const std::string& text);
  // A tree written by serialize(); throws std::runtime_error on any byte that
  // does not describe a well-formed tree.
  static std::shared_ptr<const YamlTree> deserialize(std::string_view bytes);
  std::string serialize() const;

  uint32_t root() const { return 0; }
  const Item& item(uint32_t i) const { return items_[i]; }
  std::string_view text(uint32_t i) const {
    return std::string_view(text_).substr(items_[i].text_off, items_[i].text_len);
  }
  uint32_t kid(uint32_t i, uint32_t n) const { return kids_[items_[i].kids_off + n]; }
  // A map's first value under a scalar key equal to `key`, else none.
  uint32_t find(uint32_t map, std::string_view key) const;
  // The same value's position among the map's kids, else none.
  uint32_t value_position(uint32_t map, std::string_view key) const;

  // One step from the root towards an item: the container and the item's
  // position among its kids (a map's value is at an odd position, its key
  // just before it).
  struct Step {
    uint32_t container;
    uint32_t position;
  };
  // The first way from the root to item `target` in document order (an item
  // shared through aliases has several; this names the first). Empty for the
  // root. For error messages only: it walks the tree.
  std::vector<Step> way_to(uint32_t target) const;
  // Whether an item is a kid of more than one container (an anchor used by
  // aliases): its way_to() is then one of several.
  bool shared(uint32_t i) const { return shared_[i]; }
  size_t size() const { return items_.size(); }

 private:
  friend class YamlTreeBuilder;
  static void refuse_cycles_in(const YamlTree& tree, uint32_t i, size_t depth,
                               std::vector<uint8_t>& state);
  void mark_shared();  // fills shared_; the last step of parse() and deserialize()
  std::vector<Item> items_;
  std::vector<uint32_t> kids_;
  std::string text_;
  std::vector<bool> shared_;
};

}  // namespace mai::config
