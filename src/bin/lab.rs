fn main() {
    playground::main(playground::LabApp);
}
