// Presentation particles: what each kind of puff looks like, how particles move and fade.
#include "game/view/particles.hpp"

#include <algorithm>
#include <cmath>

namespace qs {
namespace {

constexpr std::size_t max_particles = 384;

/// How one kind of puff is made: how many, how fast, how long they live, their colours.
struct Recipe {
    int count;
    double speed, up, gravity, life;
    int size;
    SDL_Color colours[2];
};

Recipe recipe_of(Particles::Kind kind) {
    switch (kind) {
        case Particles::Kind::dust:
            return {6, 2.0, 0.8, 2.0, 0.35, 2, {{214, 196, 160, 255}, {170, 150, 120, 255}}};
        case Particles::Kind::sparkle:
            return {10, 3.0, 1.5, 3.0, 0.45, 2, {{255, 240, 120, 255}, {255, 255, 255, 255}}};
        case Particles::Kind::hurt:
            return {12, 5.0, 2.0, 12.0, 0.40, 2, {{255, 80, 60, 255}, {255, 200, 180, 255}}};
        case Particles::Kind::death:
            return {28, 7.0, 3.0, 14.0, 0.80, 3, {{255, 120, 40, 255}, {255, 230, 200, 255}}};
    }
    return {0, 0, 0, 0, 0, 0, {}};
}

}  // namespace

double Particles::random() {
    random_state_ ^= random_state_ << 13;
    random_state_ ^= random_state_ >> 17;
    random_state_ ^= random_state_ << 5;
    return static_cast<double>(random_state_) / 4294967295.0 * 2.0 - 1.0;
}

void Particles::emit(Kind kind, double x, double y) {
    const Recipe recipe = recipe_of(kind);
    for (int i = 0; i < recipe.count; ++i) {
        if (particles_.size() >= max_particles) particles_.erase(particles_.begin());
        const double spread = recipe.speed * (0.5 + 0.5 * std::abs(random()));
        const double angle = random() * 3.14159265358979;
        Particle p{};
        p.x = x + random() * 0.2;
        p.y = y + random() * 0.2;
        p.vx = std::cos(angle) * spread;
        p.vy = -std::abs(std::sin(angle)) * spread * 0.6 - recipe.up;
        p.gravity = recipe.gravity;
        p.life = recipe.life * (0.7 + 0.3 * std::abs(random()));
        p.colour = recipe.colours[i % 2];
        p.size = recipe.size;
        particles_.push_back(p);
    }
}

void Particles::step(double seconds) {
    for (Particle& p : particles_) {
        p.age += seconds;
        p.vy += p.gravity * seconds;
        p.x += p.vx * seconds;
        p.y += p.vy * seconds;
    }
    std::erase_if(particles_, [](const Particle& p) { return p.age >= p.life; });
}

void Particles::draw(SDL_Renderer* renderer, double cx, double cy, int w, int h) const {
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND);
    for (const Particle& p : particles_) {
        const double left = 1.0 - p.age / p.life;
        SDL_SetRenderDrawColor(renderer, p.colour.r, p.colour.g, p.colour.b,
                               static_cast<Uint8>(std::clamp(left * 1.5, 0.0, 1.0) * 255));
        const SDL_Rect square{static_cast<int>(std::lround((p.x - cx) * 16)) + w / 2 - p.size / 2,
                              static_cast<int>(std::lround((p.y - cy) * 16)) + h / 2 - p.size / 2, p.size,
                              p.size};
        SDL_RenderFillRect(renderer, &square);
    }
}

}  // namespace qs
