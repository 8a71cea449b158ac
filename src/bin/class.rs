fn main() {
    playground::main(playground::ClassApp);
}
