// Tiled's XML files (.tmx maps, .tsx tilesets) read with tinyxml2 and turned into the JSON Tiled writes for
// the same file (.tmj / .tsj), so one reader handles both.
#include <charconv>
#include <fstream>
#include <set>
#include <system_error>

#include <tinyxml2.h>

#include "engine/level_editor_parts.hpp"

namespace qs::level_editor_detail {
namespace {

/// Attributes that hold numbers in Tiled's formats; the rest stay strings.
const std::set<std::string, std::less<>> kNumberAttributes = {
    "width",   "height",    "tilewidth", "tileheight", "infinite", "firstgid",  "spacing",
    "margin",  "tilecount", "columns",   "id",         "gid",      "x",         "y",
    "offsetx", "offsety",   "opacity",   "visible",    "rotation", "parallaxx", "parallaxy"};

/// "12", "-3", "0.5" -> a JSON number; anything else stays a string (the JSON reader reports it).
json attribute_value(const char* name, const char* text) {
    if (!kNumberAttributes.count(name)) return text;
    const std::string_view view(text);
    std::int64_t whole = 0;
    if (const auto [end, ec] = std::from_chars(view.data(), view.data() + view.size(), whole);
        ec == std::errc() && end == view.data() + view.size())
        return whole;
    double number = 0;
    if (const auto [end, ec] = std::from_chars(view.data(), view.data() + view.size(), number);
        ec == std::errc() && end == view.data() + view.size())
        return number;
    return text;
}

json attributes_of(const tinyxml2::XMLElement& element) {
    json out = json::object();
    for (const tinyxml2::XMLAttribute* a = element.FirstAttribute(); a; a = a->Next())
        out[a->Name()] = attribute_value(a->Name(), a->Value());
    return out;
}

/// <properties><property name= type= value=/>...</properties> -> [{name, type, value}].
json properties_of(const tinyxml2::XMLElement& element) {
    json out = json::array();
    const tinyxml2::XMLElement* properties = element.FirstChildElement("properties");
    if (!properties) return out;
    for (const auto* p = properties->FirstChildElement("property"); p;
         p = p->NextSiblingElement("property")) {
        const char* name = p->Attribute("name");
        if (!name) continue;
        const std::string type = p->Attribute("type") ? p->Attribute("type") : "string";
        const char* text = p->Attribute("value") ? p->Attribute("value") : p->GetText();
        const std::string value_text = text ? text : "";
        json value = value_text;
        if (type == "int" || type == "object" || type == "float") {
            json number = attribute_value("x", value_text.c_str());
            value = number.is_number() ? number : json(value_text);
        } else if (type == "bool") {
            value = value_text == "true"    ? json(true)
                    : value_text == "false" ? json(false)
                                            : json(value_text);
        }
        out.push_back({{"name", name}, {"type", type}, {"value", std::move(value)}});
    }
    return out;
}

/// An <image source= width= height=/> child into the owner's "image", "imagewidth", "imageheight".
void image_into(const tinyxml2::XMLElement& element, json& out) {
    const tinyxml2::XMLElement* image = element.FirstChildElement("image");
    if (!image) return;
    if (const char* source = image->Attribute("source")) out["image"] = source;
    if (image->Attribute("width")) out["imagewidth"] = attribute_value("width", image->Attribute("width"));
    if (image->Attribute("height"))
        out["imageheight"] = attribute_value("height", image->Attribute("height"));
}

json tileset_of(const tinyxml2::XMLElement& element) {
    json out = attributes_of(element);
    image_into(element, out);
    if (const auto* offset = element.FirstChildElement("tileoffset"))
        out["tileoffset"] = attributes_of(*offset);
    json tiles = json::array();
    for (const auto* tile = element.FirstChildElement("tile"); tile;
         tile = tile->NextSiblingElement("tile")) {
        json entry = attributes_of(*tile);
        image_into(*tile, entry);
        entry["properties"] = properties_of(*tile);
        tiles.push_back(std::move(entry));
    }
    if (!tiles.empty()) out["tiles"] = std::move(tiles);
    out["properties"] = properties_of(element);
    return out;
}

json layers_of(const tinyxml2::XMLElement& parent);

json layer_of(const tinyxml2::XMLElement& element) {
    const std::string kind = element.Name();
    json out = attributes_of(element);
    out["properties"] = properties_of(element);
    if (kind == "layer") {
        out["type"] = "tilelayer";
        if (const auto* data = element.FirstChildElement("data")) {
            if (data->FirstChildElement("chunk")) {
                out["chunks"] = json::array();
            } else if (const char* encoding = data->Attribute("encoding")) {
                out["encoding"] = encoding;
                if (const char* compression = data->Attribute("compression"))
                    out["compression"] = compression;
                out["data"] = data->GetText() ? data->GetText() : "";
            } else {
                // Plain XML: one <tile gid=/> per cell.
                json gids = json::array();
                for (const auto* tile = data->FirstChildElement("tile"); tile;
                     tile = tile->NextSiblingElement("tile"))
                    gids.push_back(tile->Attribute("gid") ? attribute_value("gid", tile->Attribute("gid"))
                                                          : json(0));
                out["data"] = std::move(gids);
            }
        }
    } else if (kind == "objectgroup") {
        out["type"] = "objectgroup";
        json objects = json::array();
        for (const auto* object = element.FirstChildElement("object"); object;
             object = object->NextSiblingElement("object")) {
            json entry = attributes_of(*object);
            entry["properties"] = properties_of(*object);
            if (object->FirstChildElement("point")) entry["point"] = true;
            objects.push_back(std::move(entry));
        }
        out["objects"] = std::move(objects);
    } else if (kind == "imagelayer") {
        out["type"] = "imagelayer";
        image_into(element, out);
    } else if (kind == "group") {
        out["type"] = "group";
        out["layers"] = layers_of(element);
    }
    return out;
}

json layers_of(const tinyxml2::XMLElement& parent) {
    json layers = json::array();
    for (const auto* child = parent.FirstChildElement(); child; child = child->NextSiblingElement()) {
        const std::string kind = child->Name();
        if (kind == "layer" || kind == "objectgroup" || kind == "imagelayer" || kind == "group")
            layers.push_back(layer_of(*child));
    }
    return layers;
}

}  // namespace

std::optional<json> read_tiled_xml(const fs::path& path, const EditorLimits& limits,
                                   std::vector<std::string>& errors) {
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) {
        errors.push_back(path.string() + ": cannot read the file: " + ec.message());
        return std::nullopt;
    }
    if (size > limits.max_project_bytes) {
        errors.push_back(path.string() + ": file is " + std::to_string(size) + " bytes, over the limit of " +
                         std::to_string(limits.max_project_bytes) + " bytes");
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(size))) {
        errors.push_back(path.string() + ": cannot read the file");
        return std::nullopt;
    }
    tinyxml2::XMLDocument document;
    if (document.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
        errors.push_back(
            path.string() + ": line " + std::to_string(document.ErrorLineNum()) + ": " +
            (document.ErrorID() == tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED
                 ? std::string("nested deeper than ") + std::to_string(TINYXML2_MAX_ELEMENT_DEPTH)
                 : std::string("XML error: ") + document.ErrorName()));
        return std::nullopt;
    }
    const tinyxml2::XMLElement* root = document.RootElement();
    const std::string kind = root ? root->Name() : "";
    if (kind == "tileset") return tileset_of(*root);
    if (kind != "map") {
        errors.push_back(path.string() + ": not a Tiled map or tileset (the root element is <" + kind + ">)");
        return std::nullopt;
    }
    json map = attributes_of(*root);
    json tilesets = json::array();
    for (const auto* tileset = root->FirstChildElement("tileset"); tileset;
         tileset = tileset->NextSiblingElement("tileset")) {
        tilesets.push_back(tileset->Attribute("source") ? attributes_of(*tileset) : tileset_of(*tileset));
    }
    map["tilesets"] = std::move(tilesets);
    map["layers"] = layers_of(*root);
    map["properties"] = properties_of(*root);
    return map;
}

}  // namespace qs::level_editor_detail
