fn main() {
    playground::main(playground::App);
}
