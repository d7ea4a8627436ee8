"""Owners' own words find their sector: the picker's matching (components/finder/activity.js,
the code the browser runs) over phrases written from the sectors' names and the way owners of
small units in Odisha speak and spell: trade names, products, one- and two-word spellings,
Indian English, misspellings and figures typed with the activity. The list lives here, apart
from the synonyms in data/finder/sectors.toml, so a synonym cannot write its own test."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from consultancy.components.finder.picker import options
from consultancy.content import content

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
ACTIVITY_JS = ROOT / "consultancy" / "components" / "finder" / "activity.js"
PAGE = content().finder
QUESTION = next(q for q in PAGE.questions if q.id == "activity")

# The examples of the issue: each must find its sector, and that sector must carry a category.
EXAMPLES = {
    "plastic moulding": "plastic-products",
    "injection moulding": "plastic-products",
    "PVC pipe": "plastic-products",
    "flour mill": "flour-mill",
    "dal mill": "dal-mill",
    "printing press": "printing-press",
    "slaughter house": "slaughterhouse",
    "saw mill": "saw-mill",
    "oil mill": "oil-mill",
    "fish processing": "fish-processing",
    "bakery": "bakery-green-2016",
    "LPG bottling": "lpg",
}

# What an owner types -> the sector the first match must be.
PHRASES = {
    **EXAMPLES,
    # plastics
    "plastic molding unit": "plastic-products",
    "injection molding machine": "plastic-products",
    "pvc pipes manufacturing": "plastic-products",
    "HDPE pipe plant": "plastic-products",
    "plastic bags": "plastic-products",
    "polythene bag making": "plastic-products",
    "carry bag factory": "plastic-products",
    "blow moulding bottles": "plastic-products",
    "plastic extrusion": "plastic-products",
    "plastic buckets": "plastic-products",
    "PET bottle recycling": "pet-flakes",
    # mills and food
    "atta chakki": "flour-mill",
    "floor mill": "flour-mill",
    "besan mill": "flour-mill",
    "atta mill": "flour-mill",
    "maida mill": "flour-mill",
    "daal mill": "dal-mill",
    "pulses processing": "dal-mill",
    "oil ghani": "oil-mill",
    "mustard oil mill": "oil-mill",
    "oil expeller": "oil-mill",
    "kachi ghani oil": "oil-mill",
    "rice huller": "rice-huller",
    "paddy huller": "rice-huller",
    "rice mill": "rice-mill",
    "rice mills": "rice-mill",
    "parboiled rice mill": "parboiled-rice",
    "masala grinding": "spice-grinding",
    "spice grinding unit": "spice-grinding",
    "chilli powder unit": "spice-grinding",
    "haldi powder": "spice-grinding",
    "muri making": "puffed-rice",
    "puffed rice": "puffed-rice",
    "chuda mill": "puffed-rice",
    "poha": "puffed-rice",
    "bakery unit": "bakery-green-2016",
    "bread factory": "bakery-green-2016",
    "biscuit factory": "bakery-large",
    "sweets making": "bakery-green-2016",
    "ice cream factory": "ice-cream",
    "icecream": "ice-cream",
    "kulfi": "ice-cream",
    "ice factory": "cold-store",
    "milk chilling plant": "chilling-plant",
    "cold storage": "cold-store",
    "cold store for potatoes": "cold-store",
    "mineral water plant": "mineral-water",
    "packaged drinking water": "mineral-water",
    "RO water plant": "mineral-water",
    "soft drinks": "soft-drinks",
    "soda factory": "soft-drinks",
    "cashew processing": "cashew",
    "kaju factory": "cashew",
    "tamarind powder": "tamarind-powder",
    "tea processing factory": "tea-processing",
    "tea packing": "tea-packing",
    "sago": "starch-sago",
    "starch factory": "starch-sago",
    "solvent extraction plant": "oil-refinery-edible",
    "dairy": "milk-dairy-products",
    "milk processing": "milk-dairy-products",
    "fruit processing": "food-processing",
    "pickle making": "food-processing",
    "sugar factory": "sugar",
    "distillery": "distillery",
    "liquor bottling": "alcohol-bottling",
    "IMFL bottling plant": "alcohol-bottling",
    "candy making": "candy",
    "toffee": "candy",
    "chanachur": "chanachur-ladoo-puffed-rice",
    # meat and fish
    "slaughterhouse": "slaughterhouse",
    "slaughter": "slaughterhouse",
    "abattoir": "slaughterhouse",
    "meat processing plant": "slaughterhouse",
    "prawn processing": "fish-processing",
    "shrimp processing plant": "fish-processing",
    "dry fish": "fish-processing",
    "fish packing": "fish-processing",
    "sea food export unit": "fish-processing",
    "poultry farm": "poultry-farm",
    "hatchery": "poultry-farm",
    "piggery": "hatchery-piggery",
    # wood
    "sawmill": "saw-mill",
    "saw mills": "saw-mill",
    "timber sawing": "saw-mill",
    "furniture making": "furniture-wooden",
    "carpentry workshop": "furniture-wooden",
    "wooden furniture": "furniture-wooden",
    "plywood factory": "veneer-plywood",
    "veneer": "veneer-plywood",
    "wooden boxes": "wooden-boxes",
    "wood seasoning": "wood-seasoning",
    # printing and paper
    "offset printing": "printing-press",
    "printing unit": "printing-press",
    "flex printing": "digital-flex-printing",
    "paper mill": "pulp-paper",
    "waste paper baling": "bailing-waste-paper",
    "block printing": "block-printing",
    "saree printing": "block-printing",
    # metal and engineering
    "re-rolling mill": "rolling-mill",
    "rerolling mill": "rolling-mill",
    "TMT bar": "rolling-mill",
    "foundry": "foundry",
    "iron casting": "foundry",
    "forging unit": "forging",
    "wire drawing": "wire-drawing",
    "barbed wire": "wire-drawing",
    "lathe machine shop": "machining",
    "CNC machining": "machining",
    "welding shop": "engineering-fabrication",
    "fabrication workshop": "engineering-fabrication",
    "steel furniture": "steel-furniture",
    "almirah": "almirah-grill",
    "electroplating": "metal-surface-treatment",
    "galvanizing": "metal-surface-treatment",
    "aluminium utensils": "aluminium-utensils",
    "steel plant": "steel",
    "motor rewinding": "motor-rewinding",
    "motor repair": "motor-rewinding",
    "welding electrode": "welding-electrode",
    "diesel pump repair": "diesel-pump-repair",
    # building materials and minerals
    "fly ash brick": "fly-ash-bricks",
    "flyash bricks": "fly-ash-bricks",
    "brick kiln": "brick-kiln",
    "bhatta": "brick-kiln",
    "stone crusher": "stone-crusher",
    "crusher": "stone-crusher",
    "cement block": "cement-products",
    "paver block": "cement-products",
    "hume pipe": "cement-products",
    "RCC pipe": "cement-products",
    "ready mix concrete": "ready-mix-concrete",
    "RMC plant": "ready-mix-concrete",
    "hot mix plant": "hot-mix-plants",
    "marble cutting": "marble-cutting",
    "granite polishing": "marble-cutting",
    "lime kiln": "lime-kiln",
    "chuna bhatti": "lime-kiln",
    "pottery": "pottery",
    "terracotta": "pottery",
    "cement plant": "cement",
    "quarry": "mine",
    "sand mining": "mine",
    # textiles and leather
    "power loom": "power-loom",
    "powerloom": "power-loom",
    "handloom": "handloom-carpet-weaving",
    "spinning mill": "cotton-spinning-weaving-medium-large",
    "dyeing": "textile-dyeing",
    "hosiery": "cotton-woollen-hosiery",
    "shoe factory": "leather-footwear",
    "chappal making": "leather-footwear",
    "tannery": "tanneries",
    "rope making": "rope",
    "coir": "coir",
    "coir mat": "coir",
    "jute mill": "jute-processing",
    # chemicals and consumer goods
    "phenyl": "phenyl",
    "toilet cleaner": "phenyl",
    "detergent powder": "detergent-formulation",
    "washing powder": "detergent-formulation",
    "soap making": "soap-handmade",
    "paint factory": "paints-varnishes-pigments",
    "pesticide": "pesticides",
    "rubber goods": "rubber-goods",
    "rubber moulding": "rubber-goods",
    "tyre retreading": "tyre-retreading",
    "tire retreading": "tyre-retreading",
    "lead acid battery": "lead-acid-battery-manufacturing",
    "dry cell": "dry-cell",
    "LED bulb assembly": "lamp-assembly",
    "solar panel assembly": "solar-module",
    "chalk making": "chalk",
    "ball pen": "pens",
    "broom making": "brush",
    "supari packing": "betel-nut",
    "oxygen plant": "oxygen",
    "medical oxygen": "oxygen",
    "jewellery": "jewellery",
    "goldsmith": "jewellery",
    "surgical bandage": "surgical-assembly",
    "ayurvedic medicine": "ayurvedic-homeopathic",
    "tablet manufacturing": "pharma-formulation",
    "thermometer": "thermometer",
    "silica gel": "silica-gel",
    # services, buildings and others
    "garage": "automobile-servicing",
    "car service centre": "automobile-servicing",
    "DG set": "dg-set-small",
    "diesel generator": "dg-set-small",
    "laundry": "laundry",
    "dry cleaning": "laundry",
    "godown": "warehouse",
    "go down": "warehouse",
    "grain godown": "grain-storage",
    "petrol pump": "petrol-pump",
    "petrol bunk": "petrol-pump",
    "mobile tower": "telecom-tower",
    "hospital": "hospital",
    "nursing home": "hospital",
    "diagnostic centre": "clinic",
    "pathology lab": "clinic",
    "hotel": "hotel",
    "lodge": "hotel",
    "apartments": "housing-sale",
    "school": "school",
    "marriage hall": "hall",
    "shopping mall": "mall",
    "sewage treatment plant": "sewage-treatment-plant",
    "biogas plant": "composting-biogas-mrf",
    "solar power plant": "solar",
}

# Figures typed with the activity: the sector, and the answers they fill.
FIGURES = {
    "50 bed hospital": ("hospital", {"beds": "50"}),
    "100-bed nursing home": ("hospital", {"beds": "100"}),
    "20 TPD rice mill": ("rice-mill", {}),
    "2 MW solar plant": ("solar", {"mw": "2"}),
    "5 tpd flour mill": ("flour-mill", {}),
    "plastic moulding 30 workers": ("plastic-products", {"workers": "30"}),
    "500 kva dg set": ("dg-set-small", {}),
}


def run(typed: list[str]) -> list[dict]:
    found, _ = options(PAGE, QUESTION)
    script = (
        f'import {{ activityMatches, figuresIn }} from "{ACTIVITY_JS.as_uri()}";\n'
        f"const options = {json.dumps(found)};\n"
        f"const typed = {json.dumps(typed)};\n"
        "process.stdout.write(JSON.stringify(typed.map((t) => ({\n"
        "  first: activityMatches(options, t, 12, ['other'])[0].option,\n"
        "  figures: figuresIn(t),\n"
        "}))));\n"
    )
    node = [str(NODE), "--input-type=module", "-e", script]
    return json.loads(subprocess.run(node, capture_output=True, text=True, check=True).stdout)


def test_there_are_enough_phrases_and_every_sector_named_exists() -> None:
    assert len(PHRASES) >= 150
    values = {o.value for o in QUESTION.options}
    assert not [s for s in {*PHRASES.values(), *(v for v, _ in FIGURES.values())} if s not in values]


def test_every_owner_phrase_finds_its_sector() -> None:
    found = run(list(PHRASES))
    missed = [
        (typed, expected, got["first"]["value"])
        for (typed, expected), got in zip(PHRASES.items(), found, strict=True)
        if got["first"]["value"] != expected
    ]
    assert missed == []


def test_the_examples_carry_a_category_that_decides_consent() -> None:
    found, meanings = options(PAGE, QUESTION)
    by_value = {o["value"]: o["category"] for o in found}
    for typed, sector in EXAMPLES.items():
        tag, line = meanings[by_value[sector]]
        assert tag and "needs the Board's consents" in line, (typed, sector, tag)
        cto = next(a for a in PAGE.approvals if a.id == "consent-to-operate")
        assert PAGE.outcome(cto, {"activity": sector, "stage": "existing"})[0] == "applies", typed


def test_figures_typed_fill_their_questions_and_do_not_spoil_the_match() -> None:
    found = run(list(FIGURES))
    for (typed, (sector, figures)), got in zip(FIGURES.items(), found, strict=True):
        assert got["first"]["value"] == sector, typed
        assert got["figures"] == figures, typed
