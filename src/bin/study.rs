fn main() {
    playground::main(playground::StudyApp);
}
